package check

import (
	"fmt"
	"io/fs"
	"math"
	"path"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/wikirules/wikirules/internal/phpfmt"
	"github.com/wikirules/wikirules/model"
)

// ParsePHP reads the constants a game engine keeps in PHP (a Board Game
// Arena material.inc.php). See ParsePHPFile, which also follows the files
// it requires; ParsePHP reads src alone.
func ParsePHP(name, src string) (map[string]any, error) {
	p := newPHPReader(nil, name)
	return p.run(name, ".", src)
}

// ParsePHPFile reads the PHP file name of fsys (display names it in
// errors), and the files of the same directory it require_once's or
// includes. The files are parsed, never executed; see the package README
// for what is read. Anything else is an error naming the construct, the
// file and the line.
//
// What is read: assignments "$this->name = …;" and "$name = …;" (also to
// an element: "$this->a[9][0] = …;", "$this->b['k'] = …;", "$this->c[] =
// …;"), "define('NAME', …);" (also inside an "if (!defined('NAME'))"
// guard), "const NAME = …;" at the top level and in a class (read as
// Class::NAME), enums ("enum Suit: string { case Hearts = 'H'; … }", pure
// ones too: their cases and constants are read as Suit::Hearts), in any
// number of "<?php … ?>" blocks. Functions ("function f() { … }") and
// methods are code: skipped, and a call of one is an error; but the
// constructor of a game's class (class Game extends Table), run once the
// file's top level has run, as the framework builds the game
// (phpclass.go).
//
// Values are array literals (nested, "'k' => v"), numbers (-0.5e-3, 0x1F,
// 1_000), strings (with "\n", "\u{263A}" and the other escapes),
// true/false/null, earlier values ($this->resources['gems'], $x,
// constants, self::X, Foo::BAR, Suit::Hearts->value and ->name,
// Suit::from('H') and tryFrom), clienttranslate('…'), totranslate('…'),
// _('…'), self::_('…') read as their string, and PHP 8's operators with
// its precedence and conversions: . + - * / % ** (-2 ** 2 is -4), | & ^
// ~ << >>, array union +, == != === !== <> < > <= >= <=> (PHP 8's
// comparison of numbers, numeric and other strings, null, booleans and
// arrays), ! && || and or xor, ?? (an unset variable or element yields the
// right side), a ? b : c and a ?: b (nested only with parentheses, as PHP
// 8 requires), the casts (int) (float) (string) (bool) (array), and PHP's
// pure builtin functions (phpFuncs: count, range, array_merge, array_fill,
// in_array, min, max, round, intdiv, sprintf, number_format, implode,
// str_replace, …) with PHP 8.2's results and errors. Like PHP, && || ?? and
// the ternary do not evaluate the side they skip.
//
// The reader builds at most 1,000,000 elements in one array and 16 MB in
// one string, and 256 MB of values in all: a bigger result is an error.
//
// A value the reader cannot compute (a call of code, an object) makes the
// names its statement may assign an *Unreadable, with its cause; the
// other names are read (phpunread.go). The classes', interfaces' and
// enums' constants are maps by class name (Game → HAND_SIZE → 7), with
// the classes' static properties (Game → CARD_TYPES; "$SCORES" beside
// a constant SCORES).
func ParsePHPFile(fsys fs.FS, name, display string) (map[string]any, error) {
	v, _, err := parsePHPFile(fsys, name, display)
	return v, err
}

// parsePHPFile is ParsePHPFile, and the reader, which knows the files it
// read and the constants they define.
func parsePHPFile(fsys fs.FS, name, display string) (map[string]any, *phpReader, error) {
	src, err := fs.ReadFile(fsys, name)
	if err != nil {
		return nil, nil, model.Errorf(display, 0, model.MsgEngine, "cannot read engine constants: %v", err)
	}
	p := newPHPReader(fsys, display)
	p.read[path.Clean(name)] = true
	v, err := p.run(display, path.Dir(name), string(src))
	return v, p, err
}

// constKey is the array key the constant name makes ("CARD_WASABI",
// "Card::ACE"), as the files read define it: how phpLines reads a key
// written as a constant (CARD_WASABI => array(…) is the key 11).
func (r *phpReader) constKey(name string) (string, bool) {
	var v any
	var ok bool
	switch strings.ToLower(name) {
	case "true":
		v, ok = true, true
	case "false":
		v, ok = false, true
	case "null":
		v, ok = nil, true
	default:
		if class, member, isClass := strings.Cut(name, "::"); isClass {
			v, ok, _ = r.classConst(class, member, false)
		} else {
			v, ok = r.consts[name]
		}
	}
	if !ok {
		return "", false
	}
	k, err := phpArrayKey(v)
	return k.s, err == nil
}

// phpReader holds what the files read so far define.
type phpReader struct {
	fsys    fs.FS
	consts  map[string]any // define()/const constants, and Class::NAME
	vars    map[string]any // $this->name and $name
	order   []string       // vars in the order they were first assigned
	read    map[string]bool
	missing []string    // required files not found beside the file
	sources []phpSource // the files read, in the order they were
	display string
	funcs   map[string]phpFuncDecl // the files' functions, by lower-case name
	enums   map[string]*phpEnum
	// kinds are the classes, interfaces, traits and enums read, by name:
	// "class", "interface", "trait" or "enum".
	kinds map[string]string
	// parents are the class a class extends and the interfaces it
	// implements (or an interface extends), whose constants it inherits.
	parents map[string][]string
	// lazy are the class constants declared and not evaluated yet, by
	// Class::NAME: PHP evaluates a class constant when it is first used,
	// so one may name a constant declared after it, in its class or
	// another (const ALL = [self::RED]; const RED = 1;), and one never
	// used is never evaluated (its errors are not PHP's either).
	lazy      map[string]*lazyConst
	lazyDepth int // lazy evaluations in progress, one inside another
	// lazyStack are the constants being evaluated, the outermost first;
	// cycleErr is the last error of a constant found again among them
	// (a cycle), at cycleAt; tooDeep counts the evaluations refused for
	// the depth.
	lazyStack []*lazyConst
	cycleAt   int
	cycleErr  error
	tooDeep   int
	// unstable counts the lazy evaluations refused for a cycle or the
	// depth: their error depends on where they were asked for.
	unstable int
	// exporting: the files are read, and the classes' constants are
	// exported (exportClasses).
	exporting bool
	work      int // what the values built so far take, in bytes (see charge)
	steps     int // the iterations of the loops so far
	looped    int // the code the loops read so far, in bytes (see iterate)
	reread    int // the code constants that failed read again, in bytes (see evalLazy)
	// The classes' members beyond their constants (phpclass.go): the
	// class a class extends, the abstract ones, their methods by
	// lower-case name, their instance properties, and the classes in
	// the order they were declared.
	extends  map[string]string
	abstract map[string]bool
	methods  map[string]map[string]*phpMethod
	props    map[string][]phpProp
	// traitStatics are the static properties each trait declares: a class
	// that uses the trait has its own copy of each (useStatics).
	traitStatics map[string][]phpProp
	declared     []string
	// declaredAt is where each class was declared (its file and
	// offset): a class hoisted is read again when the code reaches it,
	// and keeps its static properties' values then.
	declaredAt map[string]string
	// ctor > 0 while a game's constructor runs: calls are statements
	// there (framework methods), recorded in calls as they are read.
	ctor  int
	calls []phpCall
	game  string // the game class whose constructor runs
	// ctorClass is the class of the constructor that runs, ctorAt where
	// its statement that runs starts; included, the files read while
	// one ran, and where.
	ctorClass string
	ctorAt    int
	included  []phpInclude
	// stopped are the rests of the files a constructor included that
	// were not read, from the statement the reading stopped at.
	stopped []phpSource
	// locals are the local variables of the constructor that runs (nil
	// outside one), by phpLocal + name.
	locals map[string]any
	// statics are the static properties exported, by path (Game.X, or
	// Game.$X beside a constant X).
	statics []string
	// funcBodies are the functions of the files read as methods (their
	// bodies scanned when a constructor calls them), by lower-case name.
	funcBodies map[string]*phpMethod
	// posIndex are the large sources' lines and columns, indexed at
	// their first error (phppos.go).
	posIndex map[phpSrcKey]*phpPosIndex
	// writes are the methods' code scanned for what it may assign
	// (writesOf), until a class is declared.
	writes map[phpWritesKey][]phpWrite
}

// classConst finds Class::member: the class's own constant, or one it
// inherits from its parent class or its interfaces (nearest first). A
// constant not evaluated yet is evaluated when eval is set (and reported
// missing otherwise: an expression PHP skips).
func (r *phpReader) classConst(class, member string, eval bool) (any, bool, error) {
	key, l := r.declaredIn(class, "::", member)
	switch {
	case key == "":
		return nil, false, nil
	case l == nil:
		return r.consts[key], true, nil
	case !eval:
		return nil, false, nil
	}
	v, err := r.evalLazy(key, l)
	return v, err == nil, err
}

// declaredIn finds the nearest of class and its ancestors that declares
// member, keyed class+sep+member ("::" for a constant, "::$" for a static
// property): its key, and its value's lazy form when not evaluated yet
// ("" when none declares it).
func (r *phpReader) declaredIn(class, sep, member string) (key string, l *lazyConst) {
	var buf [64]byte
	r.walkAncestors(class, func(c string) bool {
		// The key written in buf: a lookup allocates nothing.
		k := append(append(append(buf[:0], c...), sep...), member...)
		if _, ok := r.consts[string(k)]; ok {
			key = string(k)
			return true
		}
		if l = r.lazy[string(k)]; l != nil {
			key = string(k)
			return true
		}
		return false
	})
	return key, l
}

// maxPHPAncestors bounds the classes and interfaces a class inherits
// from that the reader looks through (itself included): real ones
// have a few, and a constant is looked up through them each time it is
// named.
const maxPHPAncestors = 100

// walkAncestors visits class, then the classes and interfaces it
// extends and implements, breadth first (nearest first, a parent class
// before the interfaces), each once, maxPHPAncestors at most, until visit
// says to stop; a cycle of single parents (which PHP refuses) is walked
// round and round, to the bound.
func (r *phpReader) walkAncestors(class string, visit func(c string) bool) {
	// Along a chain of single parents the walk needs no record of what
	// it visited: a class visited again is a cycle, which has nothing
	// new (and the bound ends it).
	c, n := class, 0
	for ; n < maxPHPAncestors; n++ {
		if visit(c) {
			return
		}
		ps := r.parents[c]
		if len(ps) == 0 {
			return
		}
		if len(ps) > 1 {
			break
		}
		c = ps[0]
	}
	if n == maxPHPAncestors {
		return
	}
	// From a class of several parents on, each class is visited once:
	// those visited so far were distinct (a cycle among them would have
	// no way out to c).
	seen := map[string]bool{}
	for a := class; ; a = r.parents[a][0] {
		seen[a] = true
		if a == c {
			break
		}
	}
	queue := append([]string(nil), r.parents[c]...)
	for len(queue) > 0 && len(seen) < maxPHPAncestors {
		c := queue[0]
		queue = queue[1:]
		if seen[c] {
			continue
		}
		seen[c] = true
		if visit(c) {
			return
		}
		queue = append(queue, r.parents[c]...)
	}
}

// lazyConst is a class constant (or a property's default) declared and not
// evaluated yet: its value's expression at at in the file's source.
type lazyConst struct {
	name, dir, src string
	at             int
	class          string
	busy           bool // being evaluated
	// err is its error, when it failed while the classes' constants
	// were exported: each class that inherits it reads it again.
	err error
	// failed: it failed once, and is read again where it is named (a
	// constant of a cycle is each time; see maxPHPReread).
	failed bool
}

// maxPHPReread bounds the code the class constants that failed read
// when they are read again, in all (each time a constant is named, in
// the file or by a class that inherits it): a cycle of 400 constants,
// each read through the others, inherited by 200 classes, took 9 s.
const maxPHPReread = 4 << 20

// evalLazy evaluates the class constant key, once.
func (r *phpReader) evalLazy(key string, l *lazyConst) (any, error) {
	p := &phpParser{r: r, name: l.name, dir: l.dir, src: l.src, i: l.at, class: l.class, coalesceAt: -1, aliasAt: l.at}
	what := "class constant"
	if strings.Contains(key, "::$") {
		what = "property"
	}
	if l.err != nil {
		return nil, l.err
	}
	if l.busy {
		r.unstable++
		err := p.errorf("%s %s refers to itself (its value names it, or a constant whose value does)", what, key)
		r.cycleAt, r.cycleErr = slices.Index(r.lazyStack, l), err
		return nil, err
	}
	if r.lazyDepth >= maxPHPDepth {
		r.unstable++
		r.tooDeep++
		return nil, p.errorf("%s %s: the constants' values name each other more than %d deep", what, key, maxPHPDepth)
	}
	unstable, tooDeep, at := r.unstable, r.tooDeep, len(r.lazyStack)
	if at == 0 {
		r.cycleErr = nil // a cycle found by another evaluation
	}
	l.busy = true
	r.lazyDepth++
	r.lazyStack = append(r.lazyStack, l)
	v, err := p.expr()
	r.lazyStack = r.lazyStack[:at]
	r.lazyDepth--
	l.busy = false
	if l.failed {
		// Read again: it failed before, and fails again as a rule.
		if r.reread += p.i - l.at + 16; r.reread > maxPHPReread {
			return nil, &phpFileError{p.errorAt(l.at, "the class constants that fail, read again each time they are named, read more than 4 MB of code in all: the reader stops there")}
		}
	}
	if err != nil {
		l.failed = true
		// Once the files are read, nothing is declared or defined any
		// more: read again, it fails again, the same way (unless a
		// cycle or the depth made it fail, which depend on where it was
		// read from).
		switch {
		case !r.exporting:
		case r.unstable == unstable:
			l.err = err
		case err == r.cycleErr && r.tooDeep == tooDeep && at > r.cycleAt:
			// A constant of the cycle found (after the one found
			// again, cycleAt): read again, from itself, it comes back
			// to itself, through constants evaluated since or failing
			// as they did, and refers to itself. The one found again
			// and those before it fail as it did.
			l.err = p.errorAt(l.at, "%s %s refers to itself (its value names it, or a constant whose value does)", what, key)
		case err == r.cycleErr && r.tooDeep == tooDeep:
			l.err = err
		}
		return nil, err
	}
	r.consts[key] = v
	delete(r.lazy, key)
	return v, nil
}

// phpSource is a file read: its name as messages give it, and its text.
type phpSource struct{ name, src string }

// phpFuncDecl is where a function of the files is declared; its line is
// counted only for an error.
type phpFuncDecl struct {
	file, src string
	at        int
	r         *phpReader
}

func (d phpFuncDecl) String() string {
	return fmt.Sprintf("%s:%d", d.file, d.r.lineOf(d.src, d.at))
}

func newPHPReader(fsys fs.FS, display string) *phpReader {
	return &phpReader{fsys: fsys, consts: map[string]any{}, vars: map[string]any{}, read: map[string]bool{}, display: display,
		funcs: map[string]phpFuncDecl{}, enums: map[string]*phpEnum{}, parents: map[string][]string{}, lazy: map[string]*lazyConst{},
		kinds: map[string]string{}, extends: map[string]string{}, abstract: map[string]bool{},
		methods: map[string]map[string]*phpMethod{}, props: map[string][]phpProp{}, declaredAt: map[string]string{},
		funcBodies: map[string]*phpMethod{}, traitStatics: map[string][]phpProp{}}
}

// maxPHPWork bounds what a file builds in all: values copied, arrays and
// strings made, in bytes (an array element counted as 64, 128 in an array
// indexed by its keys: see elementSize). A value doubled
// line after line ($a = array_merge($a, $a);) would grow exponentially.
const maxPHPWork = 256 << 20

func (r *phpReader) charge(n int) error {
	if r.work += n; r.work > maxPHPWork {
		return fmt.Errorf("the values built exceed 256 MB in all (an array element counted as 64 bytes, 128 with keys not 0, 1, 2…): the reader stops there")
	}
	return nil
}

func (r *phpReader) run(name, dir, src string) (map[string]any, error) {
	if err := r.file(name, dir, src); err != nil {
		return nil, unwrapFileError(err)
	}
	// The game is built once the file's top level has run: its
	// constructor sets $this->name after it (phpclass.go).
	if err := r.buildGames(); err != nil {
		return nil, unwrapFileError(err)
	}
	out := make(map[string]any, len(r.vars)+len(r.consts))
	for k, v := range r.consts {
		if !strings.Contains(k, "::") {
			out[k] = export(v)
		}
	}
	for k, v := range r.vars {
		out[k] = export(v)
	}
	if err := r.exportClasses(out); err != nil {
		return nil, err
	}
	return out, nil
}

// file parses one file's source. dir is its directory in fsys, where the
// files it requires are looked up.
func (r *phpReader) file(name, dir, src string) error {
	if r.ctor > 0 {
		r.included = append(r.included, phpInclude{source: len(r.sources), class: r.ctorClass, at: r.ctorAt})
	}
	r.sources = append(r.sources, phpSource{name, src})
	// A file a constructor includes runs there: static:: is the game's
	// class.
	p := &phpParser{r: r, name: name, dir: dir, src: src, coalesceAt: -1, aliasAt: -1, lsb: r.game}
	return p.file()
}

type phpParser struct {
	r     *phpReader
	name  string
	dir   string
	src   string
	i     int
	class string // the class whose body is being read ("" outside one)
	// lsb is the class static:: names in a method (the game's class,
	// which may inherit the method); "" is class.
	lsb   string
	depth int // nesting of expressions
	// dry > 0 reads an expression without evaluating it: what PHP skips
	// (the other side of && || ?? and a ternary).
	dry int
	// coalesceAt is where the left operand of the innermost ?? being read
	// starts: a variable or an element there may be unset.
	coalesceAt int
	// aliasAt is where a class constant's value starts: an enum case
	// there, alone, is the constant's value (const Wild = self::Spades;).
	aliasAt int
	opAt    int // opToken's position + 1, and the token there
	opTok   string
	loops   int // the loops whose body is running (for break and continue)
	// hoisting: the parser is reading the file's classes before its code
	// (hoist): their constants are declared, nothing is evaluated.
	hoisting bool
	// lenient > 0 (with dry) parses what the reader does not evaluate
	// (calls, objects, closures) as PHP parses it: a statement whose
	// value is not read is read through to its end (phpunread.go).
	lenient int
	// targets, while a statement is read without running it, collects
	// the names it may assign.
	targets *[]phpTarget
	// refArgs: the call whose arguments are read next takes them by
	// reference (a variable passed may be changed).
	refArgs bool
}

// maxPHPDepth bounds the nesting of arrays and parentheses: real files nest
// a few levels, and the reader recurses per level.
const maxPHPDepth = 500

func (p *phpParser) line() int { return p.r.lineOf(p.src, p.i) }

// errorf is an error at the parser's place: its file, line and column.
func (p *phpParser) errorf(format string, args ...any) error {
	line, col := p.r.position(p.src, p.i)
	m := model.Errorf(p.name, line, model.MsgEngine, format, args...)
	m.Column = col
	return m
}

// column is the parser's column on its line, 1-based, in characters.
func (p *phpParser) column() int {
	_, col := p.r.position(p.src, p.i)
	return col
}

func (p *phpParser) errorAt(at int, format string, args ...any) error {
	i := p.i
	p.i = at
	err := p.errorf(format, args...)
	p.i = i
	return err
}

// skip skips spaces and comments.
func (p *phpParser) skip() {
	for p.i < len(p.src) {
		c := p.src[p.i]
		switch {
		case c == ' ' || c == '\t' || c == '\n' || c == '\r':
			p.i++
		case c == '#' && !strings.HasPrefix(p.src[p.i:], "#["), strings.HasPrefix(p.src[p.i:], "//"):
			// A line comment ends at the line's end or at "?>".
			for p.i < len(p.src) && p.src[p.i] != '\n' && !strings.HasPrefix(p.src[p.i:], "?>") {
				p.i++
			}
		case strings.HasPrefix(p.src[p.i:], "/*"):
			e := strings.Index(p.src[p.i+2:], "*/")
			if e < 0 {
				p.i = len(p.src)
			} else {
				p.i += 2 + e + 2
			}
		default:
			return
		}
	}
}

func (p *phpParser) peek(s string) bool {
	p.skip()
	return strings.HasPrefix(p.src[p.i:], s)
}

// accept consumes s when it comes next.
func (p *phpParser) accept(s string) bool {
	if p.peek(s) {
		p.i += len(s)
		return true
	}
	return false
}

func (p *phpParser) found() string {
	p.skip()
	f := p.src[p.i:min(p.i+20, len(p.src))]
	if f == "" {
		return "end of file"
	}
	if i := strings.IndexByte(f, '\n'); i >= 0 {
		f = f[:i]
	}
	return strconv.Quote(f)
}

func (p *phpParser) expect(s string) error {
	if !p.accept(s) {
		return p.errorf("expected %q, found %s", s, p.found())
	}
	return nil
}

func isIdentStart(c byte) bool {
	return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= 0x80
}

func isIdentByte(c byte) bool { return isIdentStart(c) || c >= '0' && c <= '9' }

// ident reads a name; a leading '\' (a global name) is dropped.
func (p *phpParser) ident() string {
	p.skip()
	j := p.i
	if j < len(p.src) && p.src[j] == '\\' {
		j++
	}
	start := j
	for j < len(p.src) && (isIdentByte(p.src[j]) || p.src[j] == '\\' && j+1 < len(p.src) && isIdentStart(p.src[j+1])) {
		j++
	}
	if j == start || !isIdentStart(p.src[start]) {
		return ""
	}
	p.i = j
	// A namespaced name keeps its last part: constants are looked up by it.
	id := p.src[start:j]
	if k := strings.LastIndexByte(id, '\\'); k >= 0 {
		id = id[k+1:]
	}
	return id
}

// file reads statements up to the end, across "?> … <?php" blocks.
func (p *phpParser) file() error {
	// Text before the first "<?php" is output, not code.
	if k := strings.Index(p.src, "<?php"); k >= 0 {
		p.i = k + len("<?php")
	} else {
		return nil
	}
	p.hoist()
	for {
		p.skip()
		if p.i >= len(p.src) {
			return nil
		}
		if strings.HasPrefix(p.src[p.i:], "?>") {
			k := strings.Index(p.src[p.i:], "<?php")
			if k < 0 {
				return nil
			}
			p.i += k + len("<?php")
			continue
		}
		start := p.i
		if err := p.statement(); err != nil {
			if p.r.ctor > 0 {
				// A file a constructor includes stops here: what the
				// rest of it may assign is not known (unreadableRest).
				p.r.stopped = append(p.r.stopped, phpSource{name: p.name, src: "<?php " + p.src[start:]})
			}
			return err
		}
	}
}

// hoist declares the constants of the classes and interfaces declared at
// the file's top level before its code runs, as PHP declares such classes
// when it compiles the file: code may name a class declared further down
// ($this->x = Card::ACE; … class Card { const ACE = 14; }). Their
// constants and properties are evaluated when used (lazy). A class
// declared inside a
// block (if (!class_exists(…)) { class … }) is declared when its block
// runs, as in PHP. What the skim cannot read, the reading of the code that
// follows reports.
func (p *phpParser) hoist() {
	q := &phpParser{r: p.r, name: p.name, dir: p.dir, src: p.src, i: p.i, coalesceAt: -1, aliasAt: -1, hoisting: true}
	for {
		q.skip()
		if q.i >= len(q.src) {
			return
		}
		if strings.HasPrefix(q.src[q.i:], "?>") {
			k := strings.Index(q.src[q.i:], "<?php")
			if k < 0 {
				return
			}
			q.i += k + len("<?php")
			continue
		}
		if q.accept("#[") {
			if q.skipBalanced('[', ']', 1) != nil {
				return
			}
			continue
		}
		start := q.i
		var err error
		switch lw := strings.ToLower(q.ident()); lw {
		case "abstract", "final", "readonly":
			continue // the class keyword follows
		case "class", "interface":
			if q.hoistable(lw) {
				err = q.classBody(start, lw)
			} else {
				err = q.skipDeclaration()
			}
		case "trait", "enum":
			// PHP declares enums and traits when the code reaches them.
			err = q.skipDeclaration()
		case "function":
			err = q.function(start)
		case "namespace":
			q.ident()
			if !q.accept(";") {
				return // namespace Name { … }: not skimmed
			}
		default:
			q.i = start
			err = q.skipStatement()
		}
		if err != nil || q.i <= start {
			return
		}
	}
}

// hoistable reports whether PHP declares the class or interface whose
// name follows before the file's code runs: one that extends and
// implements nothing, or a class that extends a class declared already
// (PHP 8.2; a class that implements an interface, or an interface that
// extends one, is declared when the code reaches it).
func (p *phpParser) hoistable(kind string) bool {
	save := p.i
	defer func() { p.i = save }()
	if p.ident() == "" {
		return false
	}
	switch strings.ToLower(p.ident()) {
	case "":
		return p.peek("{")
	case "extends":
		parent := p.ident()
		if _, declared := p.r.parents[parent]; kind != "class" || !declared {
			return false
		}
		return p.peek("{")
	}
	return false
}

// skipDeclaration passes over a declaration's header and its body.
func (p *phpParser) skipDeclaration() error {
	if err := p.skipUntil('{'); err != nil {
		return err
	}
	p.i++
	return p.skipBalanced('{', '}', 1)
}

// block reads statements up to a closing '}'.
func (p *phpParser) block() error {
	for {
		if p.accept("}") {
			return nil
		}
		p.skip()
		if p.i >= len(p.src) {
			return p.errorf("expected \"}\", found end of file")
		}
		if err := p.statement(); err != nil {
			return err
		}
	}
}

// statement runs the statement that comes next. A value in it that the
// reader cannot compute makes the names it may assign unreadable
// (recoverStatement): the file is read on.
func (p *phpParser) statement() error {
	p.skip()
	start := p.i
	mark := len(p.r.calls)
	err := p.recoverStatement(start, p.runStatement())
	if len(p.r.calls) > mark {
		// Calls read in a constructor (phpclass.go): what the methods
		// of the files called may assign is not known.
		if perr := p.processCalls(mark); err == nil {
			err = perr
		}
	}
	return err
}

// assignStatement reads a statement that starts with "$", "++", "--" or
// "[": an assignment, a destructuring, or in a constructor a call
// statement (skipped). Run and dry readings share it.
func (p *phpParser) assignStatement(start int) error {
	switch {
	case p.peek("$"):
		if p.r.ctor > 0 {
			if call, err := p.callStatement(start); call {
				return err
			}
		}
		return p.assignment()
	case p.peek("["):
		return p.destructuring()
	}
	return p.assignment() // ++ or --
}

func (p *phpParser) runStatement() error {
	p.skip()
	start := p.i
	switch {
	case p.accept(";"):
		return nil
	case p.accept("{"):
		return p.block()
	case p.peek("$"), p.peek("++"), p.peek("--"), p.peek("["):
		return p.assignStatement(start)
	case p.accept("#["):
		// An attribute (#[\AllowDynamicProperties] before a class, say):
		// metadata of the declaration that follows.
		return fileError(p.skipBalanced('[', ']', 1))
	}
	word := p.ident()
	if word == "" {
		return fileError(p.errorf("unsupported construct %s (constants are read, code is not run)", p.found()))
	}
	if p.staticAhead() { // self::$x = …;
		p.i = start
		return p.assignment()
	}
	switch lw := strings.ToLower(word); lw {
	case "list":
		if p.peek("(") {
			p.i = start
			return p.destructuring()
		}
	case "define":
		return p.define()
	case "const":
		return p.constStatement()
	case "if":
		return p.ifStatement()
	case "foreach":
		return p.foreachStatement(start)
	case "for":
		return p.forStatement(start)
	case "while":
		return p.whileStatement(start)
	case "switch":
		return p.switchStatement(start)
	case "do":
		return p.doWhileStatement(start)
	case "break", "continue":
		return p.jump(start, lw == "break")
	case "require", "require_once", "include", "include_once":
		return fileError(p.require(lw))
	case "namespace", "use", "declare":
		if lw == "namespace" && p.peek("{") {
			return nil // the block's statements follow
		}
		e := strings.IndexByte(p.src[p.i:], ';')
		if e < 0 {
			return p.errorf("expected ';' to end the %s statement", word)
		}
		p.i += e + 1
		return nil
	case "abstract", "final", "readonly":
		return fileError(p.statement()) // the class keyword follows
	case "class", "interface", "trait", "enum":
		// A declaration PHP refuses is refused at compile time: an
		// error of the file.
		return fileError(p.classBody(start, lw))
	case "function":
		return fileError(p.function(start))
	}
	if p.r.ctor > 0 {
		// In a constructor, a call is a statement (phpclass.go).
		if call, err := p.callStatement(start); call {
			return err
		}
	}
	if lw := strings.ToLower(word); lw == "new" {
		return fileError(p.errorAt(start, "object construction (new %s) is not read: constants are read, code is not run", p.ident()))
	}
	// Code the reader does not run may change any value: an error of the
	// file.
	if p.peek("(") && !phpKeywords[strings.ToLower(word)] {
		return fileError(p.errorAt(start, "unsupported construct: a call of %s(…) (constants are read, code is not run)", word))
	}
	return fileError(p.errorAt(start, "unsupported construct %q (constants are read, code is not run): expected an assignment such as $this->name = array(…); or define('NAME', value);", word))
}

// phpKeywords are statements that are code: named as such in errors.
var phpKeywords = map[string]bool{
	"foreach": true, "for": true, "while": true, "do": true, "switch": true, "match": true, "echo": true, "print": true,
	"return": true, "function": true, "fn": true, "unset": true, "global": true, "static": true, "try": true,
	"throw": true, "goto": true, "else": true, "elseif": true, "exit": true, "die": true, "list": true, "enum": true,
}

// assignment reads "$this->name[k]… = value;" or "$name… = value;".
func (p *phpParser) assignment() error {
	if err := p.assignExpr(); err != nil {
		return err
	}
	return p.expect(";")
}

// phpAssignOps are the compound assignments, longest first.
var phpAssignOps = []string{"**=", "??=", "<<=", ">>=", ".=", "+=", "-=", "*=", "/=", "%=", "|=", "&=", "^="}

// assignExpr reads an assignment without its ';' (a for loop's parts have
// none): $target = value, $target op= value, $target++ or ++$target (and
// --); the target is $name or $this->name with an element path ([k], or
// [] to append, last).
func (p *phpParser) assignExpr() error {
	start := p.i
	prefix := ""
	if p.accept("++") {
		prefix = "+"
	} else if p.accept("--") {
		prefix = "-"
	}
	name, err := p.targetName()
	if err != nil {
		return err
	}
	// The element path: [k] or [] (append).
	var path []any
	appendAt := -1
	for p.accept("[") {
		if p.accept("]") {
			appendAt = len(path)
			path = append(path, nil)
			continue
		}
		k, err := p.expr()
		if err != nil {
			return err
		}
		if err := p.expect("]"); err != nil {
			return err
		}
		path = append(path, k)
	}
	op := prefix
	if op == "" {
		switch {
		case p.accept("++"):
			op = "+"
		case p.accept("--"):
			op = "-"
		}
	}
	var v any
	if p.dry > 0 {
		// Read without running: the name is one the statement may assign.
		p.noteTarget(name, false)
		if op != "" {
			if appendAt >= 0 {
				return p.errorAt(start, "cannot use [] for reading")
			}
			return nil
		}
		for _, o := range phpAssignOps {
			if p.accept(o) {
				op = o
				break
			}
		}
		if op == "" && (!p.accept("=") || p.peek("=")) {
			return p.errorf("expected \"=\" after %s (constants are read, code is not run), found %s", varRef(name), p.found())
		}
		if op != "" && appendAt >= 0 {
			return p.errorAt(start, "cannot use [] for reading")
		}
		_, err := p.assigned()
		return err
	}
	if op != "" { // ++ or --
		if appendAt >= 0 {
			return p.errorAt(start, "cannot use [] for reading")
		}
		old, _ := p.target(name, path)
		if err := p.readable(start, old); err != nil {
			return err
		}
		if err := p.initialized(start, name, path); err != nil {
			return err
		}
		if v, err = phpIncrement(old, op); err != nil {
			return p.errorAt(start, "%v", err)
		}
		if err := p.r.charge(phpSize(v)); err != nil {
			return p.errorAt(start, "%v", err)
		}
	} else {
		for _, o := range phpAssignOps {
			if p.accept(o) {
				op = strings.TrimSuffix(o, "=")
				break
			}
		}
		if op == "" && (!p.accept("=") || p.peek("=")) {
			return p.errorf("expected \"=\" after %s (constants are read, code is not run), found %s", varRef(name), p.found())
		}
		if op != "" && appendAt >= 0 {
			return p.errorAt(start, "cannot use [] for reading")
		}
		old, set := p.target(name, path)
		if op == "??" && set && old != nil {
			// $x ??= v: v is not evaluated when $x is set (an
			// unreadable $x stays so).
			_, err := p.side(true, p.assigned)
			return err
		}
		p.skip()
		at := p.i
		if v, err = p.assigned(); err != nil {
			// A value not read: the element (or the variable) is
			// unreadable, the statement read to its end.
			u, err := p.recoverValue(at, err)
			if err != nil {
				return err
			}
			return p.store(start, name, path, appendAt, u)
		}
		if op != "" && op != "??" {
			if err := p.readable(start, old); err != nil {
				return err
			}
			if err := p.initialized(start, name, path); err != nil {
				return err
			}
			// Counted against the budget as the operator is in an
			// expression: a loop's $s .= … builds a new string each time.
			if v, err = p.operate(op, old, v); err != nil {
				return p.errorAt(start, "%v", err)
			}
		}
	}
	return p.store(start, name, path, appendAt, v)
}

// target is the value at $name[path…] and whether it is set (PHP reads an
// unset one as null).
func (p *phpParser) target(name string, path []any) (any, bool) {
	v, ok := p.r.variable(name)
	for _, k := range path {
		arr, isArr := v.(*phpArray)
		if !ok || !isArr || k == nil {
			return nil, false
		}
		key, err := phpArrayKey(k)
		if err != nil {
			return nil, false
		}
		v, ok = arr.get(key)
	}
	return v, ok
}

// store assigns v to $name[path…].
func (p *phpParser) store(start int, name string, path []any, appendAt int, v any) error {
	if len(path) == 0 {
		p.setVar(name, v)
		return nil
	}
	if appendAt >= 0 && appendAt != len(path)-1 {
		return p.errorAt(start, "unsupported construct: [] before the last index of %s", varRef(name))
	}
	root, ok := p.r.variable(name)
	if !ok || root == nil {
		// PHP makes an unset (or null) variable an array (and a typed
		// static property not initialized).
		root = &phpArray{}
		p.setVar(name, root)
	}
	if _, unknown := root.(*phpUnreadable); unknown {
		return nil // an element of a value not known: it stays unknown
	}
	arr, ok := root.(*phpArray)
	if !ok {
		return p.errorAt(start, "%s is %s, not an array: its element cannot be assigned", varRef(name), phpType(root))
	}
	tainted := isTainted(v)
	for i, k := range path {
		last := i == len(path)-1
		arr.tainted = arr.tainted || tainted
		if k == nil { // $a[] = v
			if !arr.push(v) {
				return p.errorAt(start, "%s", errNextTaken)
			}
			break
		}
		key, err := p.key(k)
		if err != nil {
			return err
		}
		if last {
			return p.setKey(start, arr, key, v)
		}
		next, ok := arr.get(key)
		if !ok {
			// PHP creates the missing level.
			next = &phpArray{}
			if err := p.setKey(start, arr, key, next); err != nil {
				return err
			}
		}
		if _, unknown := next.(*phpUnreadable); unknown {
			return nil
		}
		sub, ok := next.(*phpArray)
		if !ok {
			return p.errorAt(start, "%s[%s] is %s, not an array: its element cannot be assigned", varRef(name), key.s, phpType(next))
		}
		arr = sub
	}
	return nil
}

// setKey sets arr[key] = v, and counts against the budget the index an
// array that was a list (0, 1, 2…) gets when a key breaks the order:
// its elements take more (elementSize).
func (p *phpParser) setKey(at int, arr *phpArray, key phpKey, v any) error {
	list := arr.index == nil
	arr.set(key, v)
	if list && arr.index != nil {
		if err := p.r.charge(64 * len(arr.keys)); err != nil {
			return p.errorAt(at, "%v", err)
		}
	}
	return nil
}

// setCopy assigns $name a copy of v (an element of another value: arrays
// are values), counted against the budget.
func (p *phpParser) setCopy(at int, name string, v any) error {
	c, size := copyCount(v)
	if err := p.r.charge(size); err != nil {
		return p.errorAt(at, "%v", err)
	}
	p.setVar(name, c)
	return nil
}

// setVar assigns $name (or $this->name, or the static property
// Class::$name).
func (p *phpParser) setVar(name string, v any) { p.r.setVar(name, v) }

func (r *phpReader) setVar(name string, v any) {
	switch {
	case strings.HasPrefix(name, phpLocal):
		r.locals[name] = v
		return
	case strings.Contains(name, "::"):
		delete(r.lazy, name)
		r.consts[name] = v
		return
	}
	if _, ok := r.vars[name]; !ok {
		r.order = append(r.order, name)
	}
	r.vars[name] = v
}

// destructuring reads an assignment to a list of variables: [$a, $b] =
// …; list($a, , $c) = …; ['k' => $x, 'm' => [$y]] = …; as PHP does it:
// each variable takes the element at its place (0, 1, … or the key
// given), null where there is none or the value is not an array.
func (p *phpParser) destructuring() error {
	pat, err := p.pattern()
	if err != nil {
		return err
	}
	if !p.accept("=") || p.peek("=") {
		return p.errorf("expected \"=\" after a list of variables, found %s", p.found())
	}
	if p.dry > 0 {
		p.patternTargets(pat)
	}
	v, err := p.assigned()
	if err != nil {
		return err
	}
	if err := p.expect(";"); err != nil {
		return err
	}
	if p.dry > 0 {
		return nil
	}
	return p.destructure(pat, v)
}

// phpPattern is a list of variables to destructure into: each element is
// a variable's name or a nested list, at a key or at its place; an
// element left empty ([, $b]) takes nothing.
type phpPattern struct {
	elems []phpPatternElem
}

type phpPatternElem struct {
	key    any // nil: at its place
	keyed  bool
	name   string      // the variable, or
	nested *phpPattern // a list in the list; neither: an empty place
}

// pattern reads [ … ] or list( … ).
func (p *phpParser) pattern() (*phpPattern, error) {
	p.skip()
	closer := "]"
	if !p.accept("[") {
		p.ident() // list
		if err := p.expect("("); err != nil {
			return nil, err
		}
		closer = ")"
	}
	pat := &phpPattern{}
	for !p.accept(closer) {
		if p.i >= len(p.src) {
			return nil, p.errorf("expected %q to end the list of variables, found end of file", closer)
		}
		var e phpPatternElem
		if !p.peek(",") {
			if !p.peek("$") && !p.peek("[") && !strings.EqualFold(p.peekIdent(), "list") {
				k, err := p.expr()
				if err != nil {
					return nil, err
				}
				if err := p.expect("=>"); err != nil {
					return nil, err
				}
				e.key, e.keyed = k, true
			}
			if p.peek("$") {
				name, err := p.variableName()
				if err != nil {
					return nil, err
				}
				e.name = name
			} else {
				sub, err := p.pattern()
				if err != nil {
					return nil, err
				}
				e.nested = sub
			}
		}
		if n := len(pat.elems); n > 0 && e.keyed != pat.elems[0].keyed && (e.name != "" || e.nested != nil) {
			return nil, p.errorf("cannot mix keyed and unkeyed array entries in assignments (PHP refuses the file)")
		}
		pat.elems = append(pat.elems, e)
		if !p.accept(",") && !p.peek(closer) {
			return nil, p.errorf("expected \",\" or %q in a list of variables, found %s", closer, p.found())
		}
	}
	return pat, nil
}

// peekIdent is the name that comes next, without reading it.
func (p *phpParser) peekIdent() string {
	save := p.i
	id := p.ident()
	p.i = save
	return id
}

// destructure assigns v's elements to the pattern's variables.
func (p *phpParser) destructure(pat *phpPattern, v any) error {
	arr, _ := v.(*phpArray)
	for i, e := range pat.elems {
		if e.name == "" && e.nested == nil {
			continue
		}
		var el any
		if arr != nil {
			key := intKey(int64(i))
			if e.keyed {
				k, err := p.key(e.key)
				if err != nil {
					return err
				}
				key = k
			}
			el, _ = arr.get(key)
		}
		if e.nested != nil {
			if err := p.destructure(e.nested, el); err != nil {
				return err
			}
			continue
		}
		if err := p.setCopy(p.i, e.name, el); err != nil {
			return err
		}
	}
	return nil
}

// variableName reads "$this->name" or "$name".
func (p *phpParser) variableName() (string, error) {
	if err := p.expect("$"); err != nil {
		return "", err
	}
	name := p.ident()
	this := name == "this"
	if this {
		if !p.accept("->") {
			return "", p.errorf("unsupported construct: $this without ->name")
		}
		name = p.ident()
	}
	if name == "" {
		return "", p.errorf("expected a variable name after '$'")
	}
	if !this && p.r.locals != nil {
		// In a constructor (and a file it includes), $name is its
		// local variable: not the game's $this->name, nor the file's.
		return phpLocal + name, nil
	}
	return name, nil
}

// phpLocal starts the name of a constructor's local variable (phpclass.go).
const phpLocal = "\x00"

// varRef is how a message names the variable name: $x, or the static
// property Game::$x.
func varRef(name string) string {
	if strings.Contains(name, "::") {
		return name
	}
	return "$" + strings.TrimPrefix(name, phpLocal)
}

// define reads the rest of "define('NAME', value);". A constant defined
// already keeps its value, as in PHP.
func (p *phpParser) define() error {
	if err := p.expect("("); err != nil {
		return err
	}
	at := p.i
	nameV, err := p.expr()
	if err != nil {
		return err
	}
	name, ok := nameV.(string)
	if !ok && p.dry > 0 {
		return p.errorAt(at, "define: a constant name the reader does not read, in code that did not run: the constants it may define are not known")
	}
	if !ok {
		return p.errorAt(at, "define: expected a constant name, found %s", phpType(nameV))
	}
	if err := p.expect(","); err != nil {
		return err
	}
	v, err := p.expr()
	if err != nil {
		return err
	}
	if p.accept(",") { // the old case-insensitive flag
		if _, err := p.expr(); err != nil {
			return err
		}
	}
	if err := p.expect(")"); err != nil {
		return err
	}
	if err := p.expect(";"); err != nil {
		return err
	}
	if p.dry > 0 {
		p.noteTarget(name, true)
		return nil
	}
	if _, done := p.r.consts[name]; done {
		// PHP keeps the first value (and warns): the guard if
		// (!defined('X')) usually keeps it from coming to this.
		return nil
	}
	p.r.consts[name] = v
	return nil
}

// constStatement reads the rest of "const A = 1, B = 2;" (in a class body:
// class constants).
func (p *phpParser) constStatement() error {
	for {
		name := p.ident()
		// "const int X = 1;" (PHP 8.3 typed constants): the name follows.
		if n2 := p.identIfFollowedBy("="); n2 != "" {
			name = n2
		}
		if name == "" {
			return p.errorf("expected a constant name after const, found %s", p.found())
		}
		if err := p.expect("="); err != nil {
			return err
		}
		p.skip()
		if p.class != "" {
			key := p.class + "::" + name
			delete(p.r.consts, key)
			if err := p.lazyValue(key); err != nil {
				return err
			}
		} else {
			p.aliasAt = p.i
			at := p.i
			v, err := p.expr()
			if err != nil {
				u, err := p.recoverValue(at, err)
				if err != nil {
					return err
				}
				v = u
			}
			if p.dry > 0 {
				p.noteTarget(name, true)
			} else if _, done := p.r.consts[name]; !done {
				p.r.consts[name] = v
			}
		}
		if p.accept(",") {
			continue
		}
		return p.expect(";")
	}
}

// lazyValue reads the expression at p (without evaluating it) as the value
// of the class's constant or property key, evaluated when first used
// (phpReader.lazy).
func (p *phpParser) lazyValue(key string) error {
	l, err := p.lazyExpr()
	if err != nil {
		return err
	}
	p.r.lazy[key] = l
	return nil
}

// lazyExpr reads the expression at p without evaluating it, and returns
// it to be evaluated later.
func (p *phpParser) lazyExpr() (*lazyConst, error) {
	p.skip()
	at := p.i
	p.dry++
	_, err := p.expr()
	p.dry--
	if err != nil {
		return nil, err
	}
	return &lazyConst{name: p.name, dir: p.dir, src: p.src, at: at, class: p.class}, nil
}

// identIfFollowedBy reads a name when the name is followed by s, and
// otherwise reads nothing.
func (p *phpParser) identIfFollowedBy(s string) string {
	save := p.i
	if id := p.ident(); id != "" && p.peek(s) {
		return id
	}
	p.i = save
	return ""
}

// require reads "require_once 'file.php';" (or with parentheses, or
// __DIR__ . '/file.php') and reads the file when it is in the same
// directory tree of fsys. A path that is not a constant expression (the
// framework's APP_GAMEMODULE_PATH) is skipped.
func (p *phpParser) require(kw string) error {
	start := p.i
	v, err := p.expr()
	if err != nil {
		// Not something this reader can evaluate: skip to ';'.
		p.i = start
		e := strings.IndexByte(p.src[p.i:], ';')
		if e < 0 {
			return p.errorf("expected ';' to end the %s statement", kw)
		}
		p.i += e + 1
		return nil
	}
	if err := p.expect(";"); err != nil {
		return err
	}
	file, ok := v.(string)
	if !ok || p.r.fsys == nil {
		return nil
	}
	name := path.Clean(path.Join(p.dir, strings.TrimPrefix(file, "/")))
	if strings.HasPrefix(file, "/") {
		// __DIR__ . '/x.php': relative to this file's directory.
		name = path.Clean(path.Join(p.dir, file))
	}
	if p.r.read[name] {
		return nil // require_once (and include loops) read a file once
	}
	// Named as it is found: beside this file's name, in the
	// subdirectory the path names (modules/constants.inc.php).
	display := path.Join(path.Dir(p.name), strings.TrimPrefix(file, "/"))
	src, err := fs.ReadFile(p.r.fsys, name)
	if err != nil {
		p.r.missing = append(p.r.missing, display)
		return nil
	}
	p.r.read[name] = true
	return p.r.file(display, path.Dir(name), string(src))
}

// classBody reads "class Foo [extends …] [implements …] { … }" (kind
// "class", also "interface" and "trait"): its constants (Foo::NAME) and
// static properties (Foo::$name); methods are code and skipped. An enum
// ("enum Suit: string { case Hearts = 'H'; … }", kind "enum") has cases
// too, read as Suit::Hearts.
func (p *phpParser) classBody(start int, kind string) error {
	what := "class"
	if kind == "enum" {
		what = kind
	}
	name := p.ident()
	if name == "" {
		return p.errorf("expected a %s name, found %s", what, p.found())
	}
	var enum *phpEnum
	if kind == "enum" {
		enum = &phpEnum{name: name}
		if p.accept(":") {
			at := p.i
			if enum.backing = strings.ToLower(p.ident()); enum.backing != "int" && enum.backing != "string" {
				return p.errorAt(at, "enum %s: the backing type must be int or string", name)
			}
		}
		p.r.enums[name] = enum
	}
	// extends Parent, implements Interface, …: the names it inherits
	// constants from (read again when the code reaches a class hoist read).
	// The methods' code scanned names static properties of classes
	// declared so far.
	p.r.writes = nil
	defer func() { p.r.writes = nil }()
	p.r.parents[name] = nil
	p.r.kinds[name] = kind
	// A class hoisted is read again when the code reaches it: the same
	// declaration, whose static properties keep what code assigned
	// them since.
	where := p.name + ":" + strconv.Itoa(start)
	fresh := p.hoisting || p.r.declaredAt[name] != where
	if _, known := p.r.declaredAt[name]; !known {
		p.r.declared = append(p.r.declared, name)
	}
	p.r.declaredAt[name] = where
	if fresh {
		p.r.methods[name] = map[string]*phpMethod{}
		p.r.props[name] = nil
		delete(p.r.traitStatics, name)
	}
	p.r.abstract[name] = precededByAbstract(p.src, start)
	delete(p.r.extends, name)
	extending := false
	for !p.peek("{") {
		id := p.ident()
		if p.i >= len(p.src) || id == "" && !p.accept(",") {
			return p.errorf("expected \"{\" to open %s %s, found %s", what, name, p.found())
		}
		switch lid := strings.ToLower(id); {
		case lid == "extends", lid == "implements":
			extending = lid == "extends"
		case id != "":
			p.r.parents[name] = append(p.r.parents[name], id)
			if extending && kind == "class" {
				p.r.extends[name] = id
			}
		}
	}
	p.accept("{")
	outer := p.class
	p.class = name
	defer func() { p.class = outer }()
	static, typed := false, false // the modifiers of the member that follows
	for {
		if p.accept("}") {
			return nil
		}
		p.skip()
		if p.i >= len(p.src) {
			return p.errorAt(start, "%s %s is not closed", what, name)
		}
		if p.accept("#[") { // an attribute
			if err := p.skipBalanced('[', ']', 1); err != nil {
				return err
			}
			continue
		}
		if p.peek("$") {
			if err := p.property(static, typed, fresh); err != nil {
				return err
			}
			static, typed = false, false
			continue
		}
		at := p.i
		w := strings.ToLower(p.ident())
		switch w {
		case "static":
			static = true
			continue
		case "public", "protected", "private", "final", "abstract", "readonly", "var":
			continue // modifiers
		case "const":
			if err := p.constStatement(); err != nil {
				return err
			}
		case "function":
			if err := p.method(name); err != nil {
				return err
			}
		case "use":
			// Traits: their constants are the class's (PHP 8.2).
			for {
				if t := p.ident(); t != "" {
					p.r.parents[name] = append(p.r.parents[name], t)
					p.useStatics(name, t, fresh)
				}
				if !p.accept(",") {
					break
				}
			}
			if p.accept("{") { // conflict resolution: insteadof, as
				if err := p.skipBalanced('{', '}', 1); err != nil {
					return err
				}
			} else if err := p.expect(";"); err != nil {
				return err
			}
		case "case":
			if enum == nil {
				return p.errorAt(at, "unsupported construct: enum cases (constants are read, code is not run)")
			}
			if err := p.enumCase(enum); err != nil {
				return err
			}
		case "":
			if p.typedProperty(at) {
				typed = true
				continue
			}
			return p.errorf("unsupported construct %s in %s %s", p.found(), what, name)
		default:
			// A typed property: "public int $x = 1;".
			if p.typedProperty(at) {
				typed = true
				continue
			}
			return p.errorAt(at, "unsupported construct %q in %s %s", w, what, name)
		}
		static, typed = false, false
	}
}

// typedProperty passes over the type of a typed property, from offset
// from ("int", "?string", "int|float", "\Game\Card", "(A&B)|null"),
// when a property ($name) follows it, and reports whether it did; it moves
// nothing otherwise.
func (p *phpParser) typedProperty(from int) bool {
	save := p.i
	p.i = from
	for {
		if p.accept("?") || p.accept("(") || p.accept(")") || p.accept("|") || p.accept("&") {
			continue
		}
		if p.ident() == "" {
			break
		}
	}
	if p.peek("$") {
		return true
	}
	p.i = save
	return false
}

// enumCase reads "case Name;" or "case Name = value;" of an enum, read as
// the class constant Enum::Name. As in PHP, a backed enum's cases have
// values of its type, all different, and a pure enum's none.
func (p *phpParser) enumCase(e *phpEnum) error {
	p.skip()
	at := p.i
	name := p.ident()
	if name == "" {
		return p.errorf("expected a case name, found %s", p.found())
	}
	c := &phpEnumCase{enum: e.name, name: name}
	if p.accept("=") {
		p.skip()
		valAt := p.i
		v, err := p.expr()
		if err != nil {
			return err
		}
		want := map[string]string{"int": "an integer", "string": "a string"}[e.backing]
		switch {
		case e.backing == "":
			return p.errorAt(valAt, "case %s of the pure enum %s has a value (only a backed enum has: enum %s: string { … })", name, e.name, e.name)
		case phpType(v) != want:
			return p.errorAt(valAt, "case %s of enum %s: its value is %s, not %s (the enum's type)", name, e.name, phpType(v), want)
		}
		if o := e.byValue[v]; o != nil {
			return p.errorAt(valAt, "enum %s: cases %s and %s have the same value", e.name, o.name, name)
		}
		if e.byValue == nil {
			e.byValue = map[any]*phpEnumCase{}
		}
		e.byValue[v] = c
		c.value = v
	} else if e.backing != "" {
		return p.errorAt(at, "case %s of enum %s needs a value (the enum is backed by %s)", name, e.name, e.backing)
	}
	e.cases = append(e.cases, c)
	p.r.consts[e.name+"::"+name] = c
	return p.expect(";")
}

// function skips "function name(…) { … }": a function of the file is
// code, not run; a later call of it is an error naming it.
func (p *phpParser) function(start int) error {
	p.accept("&")
	p.skip()
	at := p.i
	name := p.ident()
	if name == "" {
		return p.errorAt(start, "unsupported construct: an anonymous function (constants are read, code is not run)")
	}
	p.r.funcs[strings.ToLower(name)] = phpFuncDecl{file: p.name, src: p.src, at: at, r: p.r}
	return p.skipFunction()
}

// property reads a class property "$name [= value];": a static one as
// Class::$name, an instance one as a property of the class's objects
// (the game's $this->name, phpclass.go). typed: its type was written,
// and without a default it is not initialized (not null). A class read
// again where it was hoisted (fresh false) keeps its static properties'
// values.
func (p *phpParser) property(static, typed, fresh bool) error {
	p.accept("$")
	name := p.ident()
	if name == "" {
		return p.errorf("expected a property name after '$'")
	}
	key := p.class + "::$" + name
	var def *lazyConst
	if p.accept("=") {
		// Evaluated when first used, as a class constant is.
		var err error
		if def, err = p.lazyExpr(); err != nil {
			return err
		}
	}
	if static && fresh && p.r.kinds[p.class] == "trait" {
		p.r.traitStatics[p.class] = append(p.r.traitStatics[p.class], phpProp{name: name, def: def, typed: typed})
	}
	switch {
	case !static:
		if fresh {
			p.r.props[p.class] = append(p.r.props[p.class], phpProp{name: name, def: def, typed: typed})
		}
	case !fresh:
	case def != nil:
		delete(p.r.consts, key)
		p.r.lazy[key] = def
	default:
		delete(p.r.lazy, key)
		p.r.consts[key] = nil
		if typed {
			p.r.consts[key] = phpUninit{}
		}
	}
	if p.accept(",") {
		return p.property(static, typed, fresh)
	}
	return p.expect(";")
}

// useStatics gives class its own copy of each static property of the
// trait it uses, from its declared default (self:: there names class),
// as PHP does: classes using one trait do not share its properties. A
// class hoisted (fresh false when the code reaches it) keeps the copies
// it has; hoisted before the trait was declared, it has none yet.
func (p *phpParser) useStatics(class, trait string, fresh bool) {
	if p.r.kinds[trait] != "trait" {
		return
	}
	for _, s := range p.r.traitStatics[trait] {
		key := class + "::$" + s.name
		if !fresh {
			if _, ok := p.r.consts[key]; ok || p.r.lazy[key] != nil {
				continue
			}
		}
		switch {
		case s.def != nil:
			def := &lazyConst{name: s.def.name, dir: s.def.dir, src: s.def.src, at: s.def.at, class: class}
			delete(p.r.consts, key)
			p.r.lazy[key] = def
		case s.typed:
			delete(p.r.lazy, key)
			p.r.consts[key] = phpUninit{}
		default:
			delete(p.r.lazy, key)
			p.r.consts[key] = nil
		}
		if p.r.kinds[class] == "trait" {
			p.r.traitStatics[class] = append(p.r.traitStatics[class], s)
		}
	}
}

// skipFunction skips a method: its signature and its body (or ';').
func (p *phpParser) skipFunction() error {
	for {
		p.skip()
		if p.i >= len(p.src) {
			return p.errorf("unexpected end of file in a function")
		}
		switch p.src[p.i] {
		case ';':
			p.i++
			return nil
		case '{':
			p.i++
			return p.skipBalanced('{', '}', 1)
		case '\'', '"', '`':
			if err := p.skipString(); err != nil {
				return err
			}
		default:
			p.i++
		}
	}
}

// skipString passes over a quoted string without reading it: code may
// hold strings the reader does not read ("{$x}").
func (p *phpParser) skipString() error {
	q := p.src[p.i]
	for j := p.i + 1; j < len(p.src); j++ {
		switch p.src[j] {
		case '\\':
			j++
		case q:
			p.i = j + 1
			return nil
		}
	}
	return p.errorf("string is not closed")
}

// skipBalanced skips to the close that balances depth opens, past strings
// and comments.
func (p *phpParser) skipBalanced(open, close byte, depth int) error {
	start := p.i
	for depth > 0 {
		p.skip()
		if p.i >= len(p.src) {
			return p.errorAt(start, "%q is not closed", open)
		}
		switch c := p.src[p.i]; c {
		case open:
			depth++
			p.i++
		case close:
			depth--
			p.i++
		case '\'', '"', '`':
			if err := p.skipString(); err != nil {
				return err
			}
		case '<':
			if !strings.HasPrefix(p.src[p.i:], "<<<") {
				p.i++
			} else if _, _, _, err := p.heredocText(); err != nil {
				return err
			}
		default:
			p.i++
		}
	}
	return nil
}

func (p *phpParser) skipTo(c byte) error {
	e := strings.IndexByte(p.src[p.i:], c)
	if e < 0 {
		return p.errorf("expected %q, found end of file", c)
	}
	p.i += e + 1
	return nil
}

// missingNote points at required files that were not found: the constant
// may be defined there.
func (p *phpParser) missingNote() string {
	if len(p.r.missing) == 0 {
		return ""
	}
	return fmt.Sprintf("; %s is required but not beside the file", strings.Join(p.r.missing, ", "))
}

// phpBuiltins are PHP's own constants the reader knows.
var phpBuiltins = map[string]any{
	"PHP_INT_MAX": int64(math.MaxInt64), "PHP_INT_MIN": int64(math.MinInt64), "PHP_INT_SIZE": int64(8),
	"PHP_FLOAT_EPSILON": 2.220446049250313e-16, "PHP_FLOAT_MIN": 2.2250738585072014e-308,
	"PHP_FLOAT_MAX": math.MaxFloat64, "PHP_FLOAT_DIG": int64(15), "INF": math.Inf(1), "NAN": math.NaN(),
	"PHP_EOL": "\n", "M_PI": math.Pi, "M_E": math.E, "M_SQRT2": math.Sqrt2,
	"COUNT_NORMAL": int64(0), "COUNT_RECURSIVE": int64(1),
	"STR_PAD_LEFT": int64(0), "STR_PAD_RIGHT": int64(1), "STR_PAD_BOTH": int64(2),
	"PHP_ROUND_HALF_UP": int64(1), "PHP_ROUND_HALF_DOWN": int64(2), "PHP_ROUND_HALF_EVEN": int64(3), "PHP_ROUND_HALF_ODD": int64(4),
	"SORT_REGULAR": int64(0), "SORT_NUMERIC": int64(1), "SORT_STRING": int64(2),
}

// translate reads "(…)" of a translation marker: its argument is the value.
func (p *phpParser) translate() (any, error) {
	if err := p.expect("("); err != nil {
		return nil, err
	}
	v, err := p.expr()
	if err != nil {
		return nil, err
	}
	return v, p.expect(")")
}

// items reads array items up to the closing delimiter.
func (p *phpParser) items(close string) (any, error) {
	arr := &phpArray{}
	for {
		if p.accept(close) {
			if len(arr.keys) == 0 {
				// PHP 8.2's empty array appends at 0 whatever
				// negative key comes first.
				arr.started = true
			}
			return arr, nil
		}
		if p.accept("...") {
			v, err := p.expr()
			if err != nil {
				return nil, err
			}
			src, ok := v.(*phpArray)
			if !ok && p.dry == 0 {
				return nil, p.errorf("... spreads an array, not %s", phpType(v))
			}
			if !ok {
				src = &phpArray{}
			}
			for i, k := range src.keys {
				if k.isInt {
					if !arr.push(src.vals[i]) {
						return nil, p.errorf("%s", errNextTaken)
					}
				} else {
					arr.set(k, src.vals[i])
				}
			}
		} else {
			at := p.i
			v, err := p.expr()
			if err != nil {
				return nil, err
			}
			if p.accept("=>") {
				val, err := p.expr()
				if err != nil {
					return nil, err
				}
				save := p.i
				p.i = at
				key, err := p.key(v)
				p.i = save
				if err != nil && p.dry == 0 {
					return nil, err
				}
				arr.keyed = true
				arr.set(key, val)
			} else if !arr.push(v) {
				return nil, p.errorAt(at, "%s", errNextTaken)
			}
		}
		if p.accept(",") {
			continue
		}
		if err := p.expect(close); err != nil {
			return nil, err
		}
		return arr, nil
	}
}

// key converts a value to an array key as PHP does (phpArrayKey).
func (p *phpParser) key(v any) (phpKey, error) {
	k, err := phpArrayKey(v)
	if err != nil {
		return k, p.errorf("%v", err)
	}
	return k, nil
}

func (p *phpParser) number() (any, error) {
	src := p.src
	j := p.i
	digits := func(ok func(byte) bool) {
		for j < len(src) && (ok(src[j]) || src[j] == '_' && j+1 < len(src) && ok(src[j+1])) {
			j++
		}
	}
	dec := func(c byte) bool { return c >= '0' && c <= '9' }
	base := 10
	if src[j] == '0' && j+1 < len(src) {
		switch src[j+1] {
		case 'x', 'X':
			base = 16
		case 'b', 'B':
			base = 2
		case 'o', 'O':
			base = 8
		}
	}
	isFloat := false
	if base != 10 {
		j += 2
		digits(func(c byte) bool {
			return dec(c) || base == 16 && (c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F')
		})
	} else {
		digits(dec)
		if j < len(src) && src[j] == '.' && !(j+1 < len(src) && src[j+1] == '.') {
			isFloat = true
			j++
			digits(dec)
		}
		if j < len(src) && (src[j] == 'e' || src[j] == 'E') {
			k := j + 1
			if k < len(src) && (src[k] == '+' || src[k] == '-') {
				k++
			}
			if k < len(src) && dec(src[k]) {
				isFloat = true
				j = k
				digits(dec)
			}
		}
	}
	lit := strings.ReplaceAll(src[p.i:j], "_", "")
	if j < len(src) && isIdentByte(src[j]) {
		for j < len(src) && isIdentByte(src[j]) {
			j++
		}
		return nil, p.errorf("expected a number, found %q", src[p.i:j])
	}
	p.i = j
	if isFloat {
		f, err := strconv.ParseFloat(lit, 64)
		if err != nil {
			return nil, p.errorf("expected a number, found %q", lit)
		}
		return f, nil
	}
	if base == 10 && len(lit) > 1 && lit[0] == '0' {
		lit = "0o" + lit[1:] // PHP's legacy octal: 0755
	}
	n, err := strconv.ParseInt(lit, 0, 64)
	if err != nil {
		// Too large for an integer: PHP makes it a float.
		if f, ferr := strconv.ParseFloat(lit, 64); ferr == nil && base == 10 {
			return f, nil
		}
		return nil, p.errorf("expected a number, found %q", lit)
	}
	return n, nil
}

// str reads a quoted string: single-quoted (only \' and \\ are escapes) or
// double-quoted (\n, \t, \u{263A}, \x41, \101, …). Variables inside double
// quotes are code and refused.
func (p *phpParser) str() (any, error) {
	q := p.src[p.i]
	start := p.i
	var b strings.Builder
	for j := p.i + 1; j < len(p.src); j++ {
		c := p.src[j]
		if c == q {
			p.i = j + 1
			return b.String(), nil
		}
		if q == '"' && (c == '$' && j+1 < len(p.src) && (isIdentStart(p.src[j+1]) || p.src[j+1] == '{') || c == '{' && j+1 < len(p.src) && p.src[j+1] == '$') {
			n, err := p.interpolate(&b, p.src, j, 0, "a double-quoted string")
			if err != nil {
				return nil, err
			}
			j += n - 1
			continue
		}
		if c != '\\' || j+1 >= len(p.src) {
			b.WriteByte(c)
			continue
		}
		n := p.src[j+1]
		if q == '\'' {
			if n == '\'' || n == '\\' {
				b.WriteByte(n)
				j++
			} else {
				b.WriteByte(c)
			}
			continue
		}
		adv, err := p.escape(&b, j)
		if err != nil {
			return nil, err
		}
		j += adv
	}
	return nil, p.errorAt(start, "string is not closed")
}

// interpolate writes the value of the variable at text[j:] inside a
// double-quoted string or heredoc ("$name", "$this->name", "{$name}",
// "{$this->name}") and returns the bytes it took; the forms with an index
// or a call are refused. Read without evaluating, it writes nothing. An
// error's place is off + j (off: where text starts in the file).
func (p *phpParser) interpolate(b *strings.Builder, text string, j, off int, where string) (int, error) {
	refuse := func() (int, error) {
		if p.lenient > 0 {
			return lenientInterpolation(text, j)
		}
		return 0, p.errorAt(off+j, "unsupported construct: a variable with an index or a call inside %s (constants are read, code is not run)", where)
	}
	k := j
	braced := text[k] == '{'
	if braced {
		k++
	}
	k++ // '$'
	// "${name}": the variable name (PHP's older syntax; "{$name}" is the
	// other).
	dollarBrace := !braced && k < len(text) && text[k] == '{'
	if dollarBrace {
		k++
	}
	ident := func() string {
		e := k
		for e < len(text) && isIdentByte(text[e]) {
			e++
		}
		id := text[k:e]
		k = e
		return id
	}
	name := ident()
	this := false
	if name == "this" && !dollarBrace && strings.HasPrefix(text[k:], "->") && k+2 < len(text) && isIdentStart(text[k+2]) {
		k += 2
		name, this = ident(), true
	}
	if name == "" || k < len(text) && text[k] == '[' || braced && strings.HasPrefix(text[k:], "->") {
		return refuse()
	}
	if braced || dollarBrace {
		if k >= len(text) || text[k] != '}' {
			return refuse()
		}
		k++
	}
	if p.dry > 0 {
		return k - j, nil
	}
	if !this && p.r.locals != nil {
		name = phpLocal + name // a constructor's local variable
	}
	v, ok := p.r.variable(name)
	if !ok {
		return 0, p.errorAt(off+j, "%s has no value yet (assign it before it is used)", varRef(name))
	}
	if err := p.readable(off+j, v); err != nil {
		return 0, err
	}
	str, err := phpString(v)
	if err == nil {
		err = p.r.charge(len(str))
	}
	if err == nil {
		err = checkString(int64(b.Len() + len(str)))
	}
	if err != nil {
		return 0, p.errorAt(off+j, "%v", err)
	}
	b.WriteString(str)
	return k - j, nil
}

// escape decodes the double-quoted string escape at src[j] ('\\') into b and
// returns how many bytes past j it used.
func (p *phpParser) escape(b *strings.Builder, j int) (int, error) {
	src := p.src
	n := src[j+1]
	simple := map[byte]byte{'n': '\n', 't': '\t', 'r': '\r', 'v': '\v', 'e': 0x1b, 'f': '\f', '\\': '\\', '$': '$', '"': '"'}
	if r, ok := simple[n]; ok {
		b.WriteByte(r)
		return 1, nil
	}
	isHex := func(c byte) bool { return c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F' }
	switch {
	case n == 'u' && j+2 < len(src) && src[j+2] == '{':
		end := strings.IndexByte(src[j+3:], '}')
		if end < 0 {
			return 0, p.errorAt(j, `\u{ is not closed`)
		}
		cp, err := strconv.ParseUint(src[j+3:j+3+end], 16, 32)
		if err != nil || cp > utf8.MaxRune {
			return 0, p.errorAt(j, `invalid escape \u{%s}`, src[j+3:j+3+end])
		}
		b.WriteRune(rune(cp))
		return 2 + end + 1, nil
	case n == 'x' && j+2 < len(src) && isHex(src[j+2]):
		k := j + 2
		for k < len(src) && k < j+4 && isHex(src[k]) {
			k++
		}
		v, _ := strconv.ParseUint(src[j+2:k], 16, 8)
		b.WriteByte(byte(v))
		return k - j - 1, nil
	case n >= '0' && n <= '7':
		k := j + 1
		for k < len(src) && k < j+4 && src[k] >= '0' && src[k] <= '7' {
			k++
		}
		v, _ := strconv.ParseUint(src[j+1:k], 8, 16)
		b.WriteByte(byte(v))
		return k - j - 1, nil
	}
	b.WriteByte('\\')
	return 0, nil
}

// heredoc reads <<<ID … ID and <<<'ID' … ID (nowdoc).
func (p *phpParser) heredoc() (any, error) {
	text, body, nowdoc, err := p.heredocText()
	if err != nil || nowdoc {
		return text, err
	}
	var b strings.Builder
	sub := &phpParser{r: p.r, name: p.name, src: text}
	for j := 0; j < len(text); j++ {
		c := text[j]
		if c == '$' && j+1 < len(text) && (isIdentStart(text[j+1]) || text[j+1] == '{') || c == '{' && j+1 < len(text) && text[j+1] == '$' {
			n, err := p.interpolate(&b, text, j, body, "a heredoc")
			if err != nil {
				return nil, err
			}
			j += n - 1
			continue
		}
		if c == '\\' && j+1 < len(text) && text[j+1] != '"' {
			adv, err := sub.escape(&b, j)
			if err != nil {
				return nil, err
			}
			j += adv
			continue
		}
		b.WriteByte(c)
	}
	return b.String(), nil
}

// heredocText reads a heredoc or a nowdoc up to its closing identifier:
// its text, the indentation of the closing line removed, and where the
// text starts.
func (p *phpParser) heredocText() (string, int, bool, error) {
	start := p.i
	p.i += 3
	for p.i < len(p.src) && (p.src[p.i] == ' ' || p.src[p.i] == '\t') {
		p.i++
	}
	nowdoc := p.i < len(p.src) && p.src[p.i] == '\''
	quoted := nowdoc || p.i < len(p.src) && p.src[p.i] == '"'
	var q byte
	if quoted {
		q = p.src[p.i]
		p.i++
	}
	id := p.ident()
	if quoted {
		if p.i >= len(p.src) || p.src[p.i] != q {
			return "", 0, false, p.errorAt(start, "expected a heredoc: <<<ID, a line break, the text, then ID")
		}
		p.i++
	}
	nl := strings.IndexByte(p.src[p.i:], '\n')
	if id == "" || nl < 0 {
		return "", 0, false, p.errorAt(start, "expected a heredoc: <<<ID, a line break, the text, then ID")
	}
	body := p.i + nl + 1
	// The closing identifier is the first line that is (indented) ID.
	for k := body; k <= len(p.src); {
		e := strings.IndexByte(p.src[k:], '\n')
		lineEnd := len(p.src)
		if e >= 0 {
			lineEnd = k + e
		}
		l := p.src[k:lineEnd]
		trimmed := strings.TrimLeft(l, " \t")
		if strings.HasPrefix(trimmed, id) && (len(trimmed) == len(id) || !isIdentByte(trimmed[len(id)])) {
			indent := len(l) - len(trimmed)
			text := ""
			if k > body {
				text = p.src[body : k-1]
			}
			if indent > 0 {
				lines := strings.Split(text, "\n")
				for i, x := range lines {
					lines[i] = x[min(indent, len(x)-len(strings.TrimLeft(x, " \t"))):]
				}
				text = strings.Join(lines, "\n")
			}
			p.i = k + indent + len(id)
			return text, body, nowdoc, nil
		}
		if e < 0 {
			break
		}
		k = lineEnd + 1
	}
	return "", 0, false, p.errorAt(start, "heredoc %s is not closed", id)
}

// phpKey is an array key: an integer or a string.
type phpKey struct {
	s     string
	isInt bool
	n     int64
}

// errNextTaken is PHP's error appending to an array whose greatest key is
// PHP_INT_MAX.
const errNextTaken = "cannot add an element to the array: the next element (after the key PHP_INT_MAX) is already occupied"

func intKey(n int64) phpKey { return phpKey{s: strconv.FormatInt(n, 10), isInt: true, n: n} }

func (k phpKey) String() string {
	if k.isInt {
		return k.s
	}
	return strconv.Quote(k.s)
}

// phpArray is PHP's ordered map while reading; export turns it into a list
// or a map.
type phpArray struct {
	keys []phpKey
	vals []any
	// index finds a key by its string (PHP's int 8 and "8" are one key).
	// It is nil while the array is packed, as PHP says: its keys are 0, 1,
	// 2… in order, found by their number (a list needs no index).
	index map[string]int
	// next is the key $a[] = … takes once started is set: one above the
	// greatest integer key written (or PHP_INT_MAX after that key). An
	// array with no integer key yet appends at 0, and its first key sets
	// next, negative too: since PHP 8.0 [-3 => 'a', 'b'] puts 'b' at -2.
	// PHP 8.2's empty literal ([], array()) starts at 0 instead
	// (started): a first negative key there does not move it.
	next    int64
	started bool
	// keyed is set once a key was written: the array is exported as a map.
	keyed bool
	// tainted is set once an unreadable value (or an array that holds
	// one) was stored in it, at any depth: it may hold one.
	tainted bool
}

// newArray is an empty array with room for n elements.
func newArray(n int) *phpArray {
	return &phpArray{keys: make([]phpKey, 0, n), vals: make([]any, 0, n)}
}

// find returns the position of key k.
func (a *phpArray) find(k phpKey) (int, bool) {
	if a.index == nil {
		return int(k.n), k.isInt && k.n >= 0 && k.n < int64(len(a.keys))
	}
	i, ok := a.index[k.s]
	return i, ok
}

func (a *phpArray) get(k phpKey) (any, bool) {
	if i, ok := a.find(k); ok {
		return a.vals[i], true
	}
	return nil, false
}

func (a *phpArray) set(k phpKey, v any) {
	if isTainted(v) {
		a.tainted = true
	}
	if i, ok := a.find(k); ok {
		a.vals[i] = v
		return
	}
	if a.index == nil && !(k.isInt && k.n == int64(len(a.keys))) {
		// No longer packed: index the keys, with room for those the
		// array was made for (newArray).
		a.index = make(map[string]int, max(len(a.keys)+1, cap(a.keys)))
		for i, key := range a.keys {
			a.index[key.s] = i
		}
	}
	if !k.isInt || k.n != a.next {
		a.keyed = true
	}
	if k.isInt && (!a.started || k.n >= a.next) {
		a.next, a.started = k.n+1, true
		if k.n == math.MaxInt64 {
			a.next = k.n // PHP stops there: the next append fails
		}
	}
	if a.index != nil {
		a.index[k.s] = len(a.keys)
	}
	a.keys = append(a.keys, k)
	a.vals = append(a.vals, v)
}

// push appends v as $a[] = v does; it is false, and nothing appended,
// when the next key is taken (after the key PHP_INT_MAX), PHP's error.
func (a *phpArray) push(v any) bool {
	if _, taken := a.find(intKey(a.next)); taken && a.started {
		return false
	}
	keyed := a.keyed
	a.set(intKey(a.next), v)
	a.keyed = keyed
	return true
}

// elementSize is what an element of a takes besides its value: 48
// bytes, and 64 more in an array indexed by its keys (not 0, 1, 2… in
// order), for its key's string and its place in the index; building one
// takes several times as long as a list.
func elementSize(a *phpArray) int {
	if a.index != nil {
		return 112
	}
	return 48
}

// copyValue copies arrays: PHP arrays are values, so a later element
// assignment to one does not change another read from it.
func copyValue(v any) any {
	c, _ := copyCount(v)
	return c
}

// copyCount copies v and tells what the copy takes (phpSize).
func copyCount(v any) (any, int) {
	a, ok := v.(*phpArray)
	if !ok {
		return v, phpSize(v)
	}
	c := &phpArray{keys: append([]phpKey(nil), a.keys...), vals: make([]any, len(a.vals)), next: a.next, started: a.started, keyed: a.keyed, tainted: a.tainted}
	if a.index != nil {
		c.index = make(map[string]int, len(a.index))
	}
	size, per := 16, elementSize(a)
	for i, x := range a.vals {
		var n int
		c.vals[i], n = copyCount(x)
		size += per + n
	}
	for k, i := range a.index {
		c.index[k] = i
	}
	return c, size
}

// phpSize is about what a value takes in memory, in bytes: 64 per array
// element (128 in an array indexed by its keys), a string's length, 16
// for the rest.
func phpSize(v any) int {
	switch x := v.(type) {
	case string:
		return 16 + len(x)
	case *phpArray:
		n, per := 16, elementSize(x)
		for _, e := range x.vals {
			n += per + phpSize(e)
		}
		return n
	}
	return 16
}

// export turns read values into what checks see: arrays written without
// keys are lists ([]any), others maps by key (map[string]any).
func export(v any) any {
	switch x := v.(type) {
	case *phpUnreadable:
		return &Unreadable{Cause: x.cause, Via: x.via}
	case *phpEnumCase:
		return x.export()
	}
	a, ok := v.(*phpArray)
	if !ok {
		return v
	}
	if !a.keyed {
		list := make([]any, len(a.vals))
		for i, x := range a.vals {
			list[i] = export(x)
		}
		return list
	}
	m := make(map[string]any, len(a.vals))
	for i, k := range a.keys {
		m[k.s] = export(a.vals[i])
	}
	return m
}

func phpType(v any) string {
	switch v.(type) {
	case nil:
		return "null"
	case bool:
		return "a boolean"
	case int64:
		return "an integer"
	case float64:
		return "a number"
	case string:
		return "a string"
	case *phpArray:
		return "an array"
	case *phpEnumCase:
		return "an enum case"
	}
	return fmt.Sprintf("%T", v)
}

func phpTruthy(v any) bool {
	switch x := v.(type) {
	case nil:
		return false
	case bool:
		return x
	case int64:
		return x != 0
	case float64:
		return x != 0
	case string:
		return x != "" && x != "0"
	case *phpArray:
		return len(x.keys) > 0
	}
	return true
}

// phpString converts a scalar for concatenation as PHP does.
func phpString(v any) (string, error) {
	switch x := v.(type) {
	case string:
		return x, nil
	case int64:
		return strconv.FormatInt(x, 10), nil
	case float64:
		return phpfmt.Float(x), nil
	case bool:
		if x {
			return "1", nil
		}
		return "", nil
	case nil:
		return "", nil
	}
	return "", fmt.Errorf("%s cannot be joined to a string", phpType(v))
}

// phpNumber converts an operand of arithmetic.
func phpNumber(v any) (any, error) {
	switch x := v.(type) {
	case int64, float64:
		return x, nil
	case bool:
		if x {
			return int64(1), nil
		}
		return int64(0), nil
	case nil:
		return int64(0), nil
	case string:
		// A numeric string, white space around it allowed; PHP only warns
		// at "12abc" (and refuses "abc"): the reader stops at both.
		if n := parseNumeric(x); n.numeric() {
			return n.value(), nil
		}
		return nil, fmt.Errorf("the string %q is not a number", x)
	}
	return nil, fmt.Errorf("%s is not a number", phpType(v))
}

func phpBinary(op string, a, b any) (any, error) {
	if op == "." {
		x, err := phpString(a)
		if err != nil {
			return nil, err
		}
		y, err := phpString(b)
		if err != nil {
			return nil, err
		}
		return x + y, nil
	}
	if op == "+" {
		// Two arrays: their union, the left one's keys first.
		if x, ok := a.(*phpArray); ok {
			if y, ok := b.(*phpArray); ok {
				u := copyValue(x).(*phpArray)
				for i, k := range y.keys {
					if _, ok := u.get(k); !ok {
						u.set(k, y.vals[i])
					}
				}
				return u, nil
			}
		}
	}
	if op == "**" {
		return phpPow(a, b)
	}
	if op == "&" || op == "|" || op == "^" {
		// Two strings: their bytes ("4" | "2.5" is "6.5").
		if x, ok := a.(string); ok {
			if y, ok := b.(string); ok {
				return phpStringBits(op, x, y), nil
			}
		}
	}
	x, y, err := phpNumbers(a, b)
	if err != nil {
		return nil, err
	}
	xi, xInt := x.(int64)
	yi, yInt := y.(int64)
	switch op {
	case "|", "^", "&", "<<", ">>", "%":
		// Integers: a float modulo 2^64, a float string to the nearest end.
		if _, isStr := a.(string); isStr {
			xi, _ = phpToInt(a)
		} else if !xInt {
			xi = phpFloatToInt(x.(float64))
		}
		if _, isStr := b.(string); isStr {
			yi, _ = phpToInt(b)
		} else if !yInt {
			yi = phpFloatToInt(y.(float64))
		}
		switch op {
		case "|":
			return xi | yi, nil
		case "^":
			return xi ^ yi, nil
		case "&":
			return xi & yi, nil
		case "<<", ">>":
			if yi < 0 {
				return nil, fmt.Errorf("shift by %d (PHP refuses a negative shift)", yi)
			}
			if op == "<<" {
				return xi << min(yi, 64), nil // 0 from 64 on, as in PHP
			}
			return xi >> min(yi, 63), nil
		default:
			if yi == 0 {
				return nil, fmt.Errorf("modulo by zero")
			}
			return xi % yi, nil
		}
	}
	if xInt && yInt {
		switch op {
		case "+":
			if s := xi + yi; (s > xi) == (yi > 0) {
				return s, nil
			}
		case "-":
			if s := xi - yi; (s < xi) == (yi > 0) {
				return s, nil
			}
		case "*":
			if xi == 0 || yi == 0 {
				return int64(0), nil
			}
			if s := xi * yi; s/yi == xi && !(xi == -1 && yi == math.MinInt64) && !(yi == -1 && xi == math.MinInt64) {
				return s, nil
			}
		case "/":
			if yi == 0 {
				return nil, fmt.Errorf("division by zero")
			}
			if xi%yi == 0 && !(xi == math.MinInt64 && yi == -1) {
				return xi / yi, nil
			}
		}
	}
	// Floats, and integer results PHP would make floats.
	xf, yf := toFloat(x), toFloat(y)
	switch op {
	case "+":
		return xf + yf, nil
	case "-":
		return xf - yf, nil
	case "*":
		return xf * yf, nil
	case "/":
		if yf == 0 {
			return nil, fmt.Errorf("division by zero")
		}
		return xf / yf, nil
	}
	return nil, fmt.Errorf("unsupported operator %s", op)
}

func toFloat(v any) float64 {
	if i, ok := v.(int64); ok {
		return float64(i)
	}
	return v.(float64)
}
