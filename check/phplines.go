package check

import (
	"math"
	"strconv"
	"strings"

	"github.com/wikirules/wikirules/model"
)

// phpLines finds the line of every value of a PHP constants file, by its
// path ("deck.Blue", "suits.1.cards"). It follows the structure the reader
// reads — assignments ($this->name = …, $name = …, $this->a['k'][] = …),
// define('NAME', …), const NAME = …, array literals with their keys and
// positions — without evaluating anything, so it stays apart from the
// reader (ParsePHP): values come from the reader, places from here. A
// construct it does not follow only leaves the lines inside it unknown.
//
// constKey gives the key a constant written as a key makes (CARD_WASABI
// => … is the key 11 when define('CARD_WASABI', 11) was read); nil, or a
// constant it does not know, leaves the element's line unknown, and the
// lines of the elements after it without a key (their keys follow its).
func phpLines(src string, constKey func(string) (string, bool)) map[string]int {
	lines, _ := phpLinesOf(src, constKey)
	return lines
}

// phpLinesOf is phpLines, and the lines of what each class builds: its
// instance properties' defaults and what its constructor assigns
// ($this->name, self::$X as "Class.$X"), by class, which are the game's
// values when the class is the game's (they are set after the file's
// top level runs). A static property's default is "Class.$X" too.
func phpLinesOf(src string, constKey func(string) (string, bool)) (map[string]int, map[string]*phpBuilt) {
	s := &phpScan{toks: phpTokens(src), idx: model.NewLineIndex(src), lines: map[string]int{}, appended: map[string]int64{}, constKey: constKey,
		built: map[string]*phpBuilt{}}
	s.top()
	return s.lines, s.built
}

// phpBuilt are the lines of what a class builds: its instance
// properties' defaults, and its constructor's assignments with where
// each value starts in the file (the files the constructor includes
// write theirs in between).
type phpBuilt struct {
	defaults, ctor map[string]int
	pos            map[string]int
}

func (s *phpScan) builtOf(class string) *phpBuilt {
	b := s.built[class]
	if b == nil {
		b = &phpBuilt{defaults: map[string]int{}, ctor: map[string]int{}, pos: map[string]int{}}
		s.built[class] = b
	}
	return b
}

type phpTok struct {
	kind byte // 's' string, 'n' number, 'i' identifier, 'v' $variable, 'p' punctuation
	text string
	pos  int
}

type phpScan struct {
	toks     []phpTok
	k        int
	depth    int // nesting of array literals, bounded
	idx      *model.LineIndex
	lines    map[string]int
	appended map[string]int64 // next position of "$a[] = …" by path
	constKey func(string) (string, bool)
	built    map[string]*phpBuilt // by class: see phpLinesOf
	pos      map[string]int       // where each value starts, while a constructor is read
}

func (s *phpScan) tok(off int) phpTok {
	if s.k+off < len(s.toks) && s.k+off >= 0 {
		return s.toks[s.k+off]
	}
	return phpTok{}
}

func (s *phpScan) is(off int, text string) bool {
	t := s.tok(off)
	return t.kind == 'p' && t.text == text
}

func (s *phpScan) top() {
	for s.k < len(s.toks) {
		t := s.tok(0)
		switch {
		case t.kind == 'i' && phpClassWords[strings.ToLower(t.text)] && s.tok(1).kind == 'i' && !s.afterMember():
			s.k += 2
			s.classBody(s.tok(-1).text)
		case t.kind == 'v':
			s.assignment()
		case t.kind == 'i' && strings.EqualFold(t.text, "define") && s.is(1, "(") && s.tok(2).kind == 's' && s.is(3, ","):
			name := s.tok(2).text
			s.k += 4
			s.value([]string{name})
		case t.kind == 'i' && strings.EqualFold(t.text, "const") && s.tok(1).kind == 'i' && s.is(2, "="):
			name := s.tok(1).text
			s.k += 3
			s.value([]string{name})
		default:
			s.k++
		}
	}
}

// phpClassWords start a declaration whose constants are read as
// Class::NAME.
var phpClassWords = map[string]bool{"class": true, "interface": true, "trait": true, "enum": true}

// afterMember reports whether the token at the scan follows :: or ->
// (Foo::class is not a declaration).
func (s *phpScan) afterMember() bool { return s.is(-1, "::") || s.is(-1, "->") }

// classBody reads a class's (interface's, enum's) body after its name:
// the line of each constant ("Game.HAND_SIZE") and enum case
// ("Suit.Hearts"); methods are passed over.
func (s *phpScan) classBody(class string) {
	for s.k < len(s.toks) && !s.is(0, "{") {
		if s.is(0, ";") {
			return
		}
		s.k++
	}
	s.k++
	for s.k < len(s.toks) {
		t := s.tok(0)
		switch {
		case s.is(0, "}"):
			s.k++
			return
		case s.is(0, "{"):
			s.k++
			s.skipBraces()
		case t.kind == 'i' && strings.EqualFold(t.text, "function"):
			ctor := strings.EqualFold(s.tok(1).text, "__construct")
			for s.k < len(s.toks) && !s.is(0, "{") && !s.is(0, ";") {
				s.k++
			}
			if s.is(0, "{") {
				s.k++
				if ctor {
					b := s.builtOf(class)
					s.building(b.ctor, b.pos, func() { s.constructor(class) })
				} else {
					s.skipBraces()
				}
			}
		case t.kind == 'v' && s.is(1, "="):
			// A property's default: a static one is Class.NAME, an
			// instance one the game's $this->name.
			static := false
			for b := s.k - 1; b >= 0 && !s.is(b-s.k, ";") && !s.is(b-s.k, "{") && !s.is(b-s.k, "}"); b-- {
				static = static || s.toks[b].kind == 'i' && strings.EqualFold(s.toks[b].text, "static")
			}
			name := t.text
			s.k += 2
			if static {
				s.value([]string{class, "$" + name})
			} else {
				s.building(s.builtOf(class).defaults, nil, func() { s.value([]string{name}) })
			}
		case t.kind == 'i' && strings.EqualFold(t.text, "const"):
			s.k++
			for {
				if s.tok(0).kind == 'i' && s.tok(1).kind == 'i' && s.is(2, "=") {
					s.k++ // a typed constant: const int X = 1;
				}
				if s.tok(0).kind != 'i' || !s.is(1, "=") {
					break
				}
				name := s.tok(0).text
				s.k += 2
				s.value([]string{class, name})
				if !s.is(0, ",") {
					break
				}
				s.k++
			}
		case t.kind == 'i' && strings.EqualFold(t.text, "case") && s.tok(1).kind == 'i':
			name := s.tok(1).text
			if s.is(2, "=") {
				s.k += 3
				s.value([]string{class, name})
			} else {
				s.lines[class+"."+name] = s.idx.Line(s.tok(1).pos)
				s.k += 2
			}
		default:
			s.k++
		}
	}
}

// building runs scan with the lines it finds kept in lines (and where
// each value starts in pos, when not nil).
func (s *phpScan) building(lines, pos map[string]int, scan func()) {
	top, appended := s.lines, s.appended
	s.lines, s.appended, s.pos = lines, map[string]int64{}, pos
	defer func() { s.lines, s.appended, s.pos = top, appended, nil }()
	scan()
}

// constructor reads a constructor's body, after its "{": the lines of
// its assignments to $this->name and to static properties (self::$X,
// static::$X, Class::$X as "Class.$X"); its local variables are not the
// game's.
func (s *phpScan) constructor(class string) {
	for depth := 1; s.k < len(s.toks) && depth > 0; {
		t := s.tok(0)
		switch {
		case s.is(0, "{"):
			depth++
			s.k++
		case s.is(0, "}"):
			depth--
			s.k++
		case t.kind == 'v' && t.text == "this" && s.is(1, "->") && !s.is(3, "("):
			s.assignment()
		case t.kind == 'i' && s.is(1, "::") && s.tok(2).kind == 'v' && !s.afterMember():
			c := t.text
			switch strings.ToLower(c) {
			case "self", "static":
				c = class
			case "parent":
				c = ""
			}
			if c == "" {
				s.k += 3
				continue
			}
			s.k += 2
			s.assignmentAt([]string{c, "$" + s.tok(0).text})
		default:
			s.k++
		}
	}
}

// skipBraces passes over tokens up to the "}" that closes an open "{".
func (s *phpScan) skipBraces() {
	for depth := 1; s.k < len(s.toks) && depth > 0; s.k++ {
		switch {
		case s.is(0, "{"):
			depth++
		case s.is(0, "}"):
			depth--
		}
	}
}

// assignment reads "$this->a['k'][] = value" at a variable.
func (s *phpScan) assignment() {
	name := s.tok(0).text
	if name == "this" && s.is(1, "->") && s.tok(2).kind == 'i' {
		name = s.tok(2).text
		s.k += 2
	}
	s.assignmentAt([]string{name})
}

// assignmentAt reads "…['k'][] = value" at the token that names the
// value at path.
func (s *phpScan) assignmentAt(path []string) {
	s.k++
	for s.is(0, "[") {
		if s.is(1, "]") {
			at := strings.Join(path, ".")
			path = append(path, strconv.FormatInt(s.appended[at], 10))
			s.appended[at]++
			s.k += 2
			continue
		}
		key, n, ok := s.keyAt(1)
		if !ok || !s.is(1+n, "]") {
			return
		}
		path = append(path, key)
		s.k += 2 + n
	}
	if s.is(0, "=") {
		s.k++
		s.value(path)
	}
}

// keyAt reads a literal key at offset off: a string, a number (signed),
// or a constant; n is the number of tokens it takes.
func (s *phpScan) keyAt(off int) (key string, n int, ok bool) {
	t := s.tok(off)
	switch {
	case t.kind == 's':
		return t.text, 1, true
	case t.kind == 'n':
		return phpNumberKey(t.text), 1, true
	case t.kind == 'p' && (t.text == "-" || t.text == "+") && s.tok(off+1).kind == 'n':
		k := phpNumberKey(s.tok(off + 1).text)
		if t.text == "-" {
			k = "-" + k
		}
		return k, 2, true
	case t.kind == 'i':
		name, n := t.text, 1
		if s.is(off+1, "::") && s.tok(off+2).kind == 'i' {
			name, n = t.text+"::"+s.tok(off+2).text, 3
		}
		if s.constKey == nil {
			return "", 0, false
		}
		key, ok := s.constKey(name)
		return key, n, ok
	}
	return "", 0, false
}

func phpNumberKey(lit string) string {
	lit = strings.ReplaceAll(lit, "_", "")
	if n, err := strconv.ParseInt(lit, 0, 64); err == nil {
		return strconv.FormatInt(n, 10)
	}
	if f, err := strconv.ParseFloat(lit, 64); err == nil {
		return strconv.FormatInt(int64(f), 10) // PHP truncates float keys
	}
	return lit
}

// value records where the value at path starts and reads it: an array
// literal's items get their own paths; anything else is passed over.
func (s *phpScan) value(path []string) {
	if s.k >= len(s.toks) {
		return
	}
	s.lines[strings.Join(path, ".")] = s.idx.Line(s.tok(0).pos)
	if s.pos != nil {
		s.pos[strings.Join(path, ".")] = s.tok(0).pos
	}
	if s.depth >= maxScanDepth {
		s.skipExpr() // deeper than any real file: passed over
		return
	}
	s.depth++
	defer func() { s.depth-- }()
	switch {
	case s.is(0, "["):
		s.k++
		s.array(path, "]")
	case s.tok(0).kind == 'i' && strings.EqualFold(s.tok(0).text, "array") && s.is(1, "("):
		s.k += 2
		s.array(path, ")")
	}
	s.skipExpr()
}

// maxScanDepth bounds the nesting of arrays whose lines are found.
const maxScanDepth = 256

// array reads the items of an array literal up to its closer.
func (s *phpScan) array(path []string, closer string) {
	next, started := int64(0), false // as phpArray's: [-3 => 'a', 'b'] puts 'b' at -2
	lost := false                    // a key was not read: next is unknown
	for s.k < len(s.toks) {
		switch {
		case s.is(0, closer):
			s.k++
			return
		case s.is(0, ","):
			s.k++
			continue
		case s.is(0, ";"), s.is(0, ")"), s.is(0, "]"), s.is(0, "}"):
			// Not an element (the file is not what the reader read
			// it as): the array ends here, and the scan goes on.
			return
		}
		var key string
		if k, n, ok := s.keyAt(0); ok && s.is(n, "=>") {
			key = k
			s.k += n + 1
			if i, err := strconv.ParseInt(k, 10, 64); err == nil && (!started || i >= next) && i < math.MaxInt64 {
				next, started = i+1, true
			}
		} else if s.keyAhead() {
			// A key not read here (an expression, a constant not
			// known): the element's place is unknown, and so are the
			// places of the elements after it without a key.
			s.skipExpr() // the key, "=>" and the value
			lost = true
			continue
		} else if lost {
			s.skipExpr()
			continue
		} else {
			key = strconv.FormatInt(next, 10)
			next, started = next+1, true
		}
		item := append(path[:len(path):len(path)], key)
		s.value(item)
	}
}

// keyAhead reports whether the array element at the scan has a key: a
// "=>" before the element ends.
func (s *phpScan) keyAhead() bool {
	depth := 0
	for k := s.k; k < len(s.toks); k++ {
		t := s.toks[k]
		if t.kind != 'p' {
			continue
		}
		switch t.text {
		case "(", "[", "{":
			depth++
		case ")", "]", "}":
			if depth == 0 {
				return false
			}
			depth--
		case ",", ";":
			if depth == 0 {
				return false
			}
		case "=>":
			if depth == 0 {
				return true
			}
		}
	}
	return false
}

// skipExpr passes over the rest of an expression, up to a separator at its
// own level (not consumed).
func (s *phpScan) skipExpr() {
	depth := 0
	for s.k < len(s.toks) {
		t := s.tok(0)
		if t.kind == 'p' {
			switch t.text {
			case "(", "[", "{":
				depth++
			case ")", "]", "}":
				if depth == 0 {
					return
				}
				depth--
			case ",", ";":
				if depth == 0 {
					return
				}
			}
		}
		s.k++
	}
}

// phpTokens splits PHP source into the tokens phpScan reads; comments,
// spaces and text outside <?php … ?> are left out.
func phpTokens(src string) []phpTok {
	var out []phpTok
	i := 0
	inPHP := !strings.Contains(src, "<?php") // a bare fragment is all PHP
	for i < len(src) {
		if !inPHP {
			j := strings.Index(src[i:], "<?php")
			if j < 0 {
				break
			}
			i += j + len("<?php")
			inPHP = true
			continue
		}
		c := src[i]
		switch {
		case c == ' ' || c == '\t' || c == '\n' || c == '\r':
			i++
		case strings.HasPrefix(src[i:], "?>"):
			inPHP = false
			i += 2
		case c == '#' || strings.HasPrefix(src[i:], "//"):
			for i < len(src) && src[i] != '\n' && !strings.HasPrefix(src[i:], "?>") {
				i++
			}
		case strings.HasPrefix(src[i:], "/*"):
			if j := strings.Index(src[i+2:], "*/"); j >= 0 {
				i += 2 + j + 2
			} else {
				i = len(src)
			}
		case strings.HasPrefix(src[i:], "<<<"):
			// A heredoc or nowdoc is one string: its text is not code
			// (a ";" or an apostrophe in it).
			h := &phpParser{src: src, i: i}
			if text, _, _, err := h.heredocText(); err == nil {
				out = append(out, phpTok{'s', text, i})
				i = h.i
			} else {
				out = append(out, phpTok{'p', "<<<", i})
				i += 3
			}
		case c == '\'' || c == '"':
			var b strings.Builder
			j := i + 1
			for j < len(src) && src[j] != c {
				if src[j] == '\\' && j+1 < len(src) {
					j++
				}
				b.WriteByte(src[j])
				j++
			}
			out = append(out, phpTok{'s', b.String(), i})
			i = j + 1
		case c >= '0' && c <= '9' || c == '.' && i+1 < len(src) && src[i+1] >= '0' && src[i+1] <= '9':
			j := i
			for j < len(src) && (phpWordByte(src[j]) || src[j] == '.') {
				j++
			}
			out = append(out, phpTok{'n', src[i:j], i})
			i = j
		case c == '$' && i+1 < len(src) && phpWordByte(src[i+1]):
			j := i + 1
			for j < len(src) && phpWordByte(src[j]) {
				j++
			}
			out = append(out, phpTok{'v', src[i+1 : j], i})
			i = j
		case phpWordByte(c):
			j := i
			for j < len(src) && phpWordByte(src[j]) {
				j++
			}
			out = append(out, phpTok{'i', src[i:j], i})
			i = j
		default:
			n := 1
			for _, op := range []string{"===", "!==", "=>", "->", "::", "==", "!=", "<=", ">="} {
				if strings.HasPrefix(src[i:], op) {
					n = len(op)
					break
				}
			}
			out = append(out, phpTok{'p', src[i : i+n], i})
			i += n
		}
	}
	return out
}

func phpWordByte(c byte) bool {
	return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c >= 0x80
}
