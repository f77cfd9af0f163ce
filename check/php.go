package check

import (
	"fmt"
	"io/fs"
	"math"
	"path"
	"strconv"
	"strings"
	"unicode/utf8"

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
// Class::NAME), in any number of "<?php … ?>" blocks. Values are array
// literals (nested, "'k' => v"), numbers (-0.5e-3, 0x1F, 1_000), strings
// (with "\n", "\u{263A}" and the other escapes), true/false/null, earlier
// values ($this->resources['gems'], $x, constants, self::X, Foo::BAR),
// string concatenation with ".", arithmetic and bit operators, and
// clienttranslate('…'), totranslate('…'), _('…'), self::_('…') read as
// their string.
func ParsePHPFile(fsys fs.FS, name, display string) (map[string]any, error) {
	src, err := fs.ReadFile(fsys, name)
	if err != nil {
		return nil, model.Errorf(display, 0, model.MsgEngine, "cannot read engine constants: %v", err)
	}
	p := newPHPReader(fsys, display)
	p.read[path.Clean(name)] = true
	return p.run(display, path.Dir(name), string(src))
}

// phpReader holds what the files read so far define.
type phpReader struct {
	fsys    fs.FS
	consts  map[string]any // define()/const constants, and Class::NAME
	vars    map[string]any // $this->name and $name
	order   []string       // vars in the order they were first assigned
	read    map[string]bool
	missing []string // required files not found beside the file
	display string
}

func newPHPReader(fsys fs.FS, display string) *phpReader {
	return &phpReader{fsys: fsys, consts: map[string]any{}, vars: map[string]any{}, read: map[string]bool{}, display: display}
}

func (r *phpReader) run(name, dir, src string) (map[string]any, error) {
	if err := r.file(name, dir, src); err != nil {
		return nil, err
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
	return out, nil
}

// file parses one file's source. dir is its directory in fsys, where the
// files it requires are looked up.
func (r *phpReader) file(name, dir, src string) error {
	p := &phpParser{r: r, name: name, dir: dir, src: src}
	return p.file()
}

type phpParser struct {
	r     *phpReader
	name  string
	dir   string
	src   string
	i     int
	class string // the class whose body is being read ("" outside one)
	depth int    // nesting of expressions
}

// maxPHPDepth bounds the nesting of arrays and parentheses: real files nest
// a few levels, and the reader recurses per level.
const maxPHPDepth = 500

func (p *phpParser) line() int { return strings.Count(p.src[:min(p.i, len(p.src))], "\n") + 1 }

func (p *phpParser) errorf(format string, args ...any) error {
	return model.Errorf(p.name, p.line(), model.MsgEngine, format, args...)
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
		if err := p.statement(); err != nil {
			return err
		}
	}
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

func (p *phpParser) statement() error {
	p.skip()
	start := p.i
	switch {
	case p.accept(";"):
		return nil
	case p.accept("{"):
		return p.block()
	case p.peek("$"):
		return p.assignment()
	}
	word := p.ident()
	if word == "" {
		return p.errorf("unsupported construct %s (constants are read, code is not run)", p.found())
	}
	switch lw := strings.ToLower(word); lw {
	case "define":
		return p.define(false)
	case "const":
		return p.constStatement()
	case "if":
		return p.ifDefined(start)
	case "require", "require_once", "include", "include_once":
		return p.require(lw)
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
		return p.statement() // the class keyword follows
	case "class", "interface", "trait":
		return p.classBody(start)
	case "new":
		return p.errorAt(start, "object construction (new %s) is not read: constants are read, code is not run", p.ident())
	}
	if p.peek("(") && !phpKeywords[strings.ToLower(word)] {
		return p.errorAt(start, "unsupported construct: a call of %s(…) (constants are read, code is not run)", word)
	}
	return p.errorAt(start, "unsupported construct %q (constants are read, code is not run): expected an assignment such as $this->name = array(…); or define('NAME', value);", word)
}

// phpKeywords are statements that are code: named as such in errors.
var phpKeywords = map[string]bool{
	"foreach": true, "for": true, "while": true, "do": true, "switch": true, "match": true, "echo": true, "print": true,
	"return": true, "function": true, "fn": true, "unset": true, "global": true, "static": true, "try": true,
	"throw": true, "goto": true, "else": true, "elseif": true, "exit": true, "die": true, "list": true, "enum": true,
}

// assignment reads "$this->name[k]… = value;" or "$name… = value;".
func (p *phpParser) assignment() error {
	start := p.i
	name, err := p.variableName()
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
	if !p.accept("=") || p.peek("=") {
		return p.errorf("expected \"=\" after $%s (constants are read, code is not run), found %s", name, p.found())
	}
	v, err := p.expr()
	if err != nil {
		return err
	}
	if err := p.expect(";"); err != nil {
		return err
	}
	if len(path) == 0 {
		if _, ok := p.r.vars[name]; !ok {
			p.r.order = append(p.r.order, name)
		}
		p.r.vars[name] = v
		return nil
	}
	if appendAt >= 0 && appendAt != len(path)-1 {
		return p.errorAt(start, "unsupported construct: [] before the last index of $%s", name)
	}
	root, ok := p.r.vars[name]
	if !ok {
		return p.errorAt(start, "$%s has no value yet: an element is assigned before the array is", name)
	}
	arr, ok := root.(*phpArray)
	if !ok {
		return p.errorAt(start, "$%s is %s, not an array: its element cannot be assigned", name, phpType(root))
	}
	for i, k := range path {
		last := i == len(path)-1
		if k == nil { // $a[] = v
			arr.push(v)
			break
		}
		key, err := p.key(k)
		if err != nil {
			return err
		}
		if last {
			arr.set(key, v)
			break
		}
		next, ok := arr.get(key)
		if !ok {
			// PHP creates the missing level.
			next = &phpArray{}
			arr.set(key, next)
		}
		sub, ok := next.(*phpArray)
		if !ok {
			return p.errorAt(start, "$%s[%s] is %s, not an array: its element cannot be assigned", name, key.s, phpType(next))
		}
		arr = sub
	}
	return nil
}

// variableName reads "$this->name" or "$name".
func (p *phpParser) variableName() (string, error) {
	if err := p.expect("$"); err != nil {
		return "", err
	}
	name := p.ident()
	if name == "this" {
		if !p.accept("->") {
			return "", p.errorf("unsupported construct: $this without ->name")
		}
		name = p.ident()
	}
	if name == "" {
		return "", p.errorf("expected a variable name after '$'")
	}
	return name, nil
}

// define reads the rest of "define('NAME', value);". In a guard
// (guarded), a constant defined already keeps its value.
func (p *phpParser) define(guarded bool) error {
	if err := p.expect("("); err != nil {
		return err
	}
	at := p.i
	nameV, err := p.expr()
	if err != nil {
		return err
	}
	name, ok := nameV.(string)
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
	if _, done := p.r.consts[name]; done && guarded {
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
		v, err := p.expr()
		if err != nil {
			return err
		}
		if p.class != "" {
			p.r.consts[p.class+"::"+name] = v
		} else {
			p.r.consts[name] = v
		}
		if p.accept(",") {
			continue
		}
		return p.expect(";")
	}
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

// ifDefined reads "if (!defined('X')) { … }" (or a single statement): the
// guard that keeps a constant from being defined twice. Other conditions
// are code.
func (p *phpParser) ifDefined(start int) error {
	if err := p.expect("("); err != nil {
		return err
	}
	neg := p.accept("!")
	if !neg || !strings.EqualFold(p.ident(), "defined") {
		return p.errorAt(start, "unsupported construct: an if statement other than if (!defined('NAME')) (constants are read, code is not run)")
	}
	if err := p.expect("("); err != nil {
		return err
	}
	if _, err := p.expr(); err != nil {
		return err
	}
	if err := p.expect(")"); err != nil {
		return err
	}
	if err := p.expect(")"); err != nil {
		return err
	}
	// The body runs when the constant is not defined; a define() in it
	// keeps an earlier value.
	if p.accept("{") {
		for !p.accept("}") {
			p.skip()
			if p.i >= len(p.src) {
				return p.errorf("expected \"}\", found end of file")
			}
			if err := p.guardedStatement(); err != nil {
				return err
			}
		}
		return nil
	}
	return p.guardedStatement()
}

func (p *phpParser) guardedStatement() error {
	save := p.i
	if strings.EqualFold(p.ident(), "define") {
		return p.define(true)
	}
	p.i = save
	return p.statement()
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
	src, err := fs.ReadFile(p.r.fsys, name)
	if err != nil {
		p.r.missing = append(p.r.missing, name)
		return nil
	}
	p.r.read[name] = true
	display := path.Join(path.Dir(p.name), path.Base(name))
	return p.r.file(display, path.Dir(name), string(src))
}

// classBody reads "class Foo [extends …] [implements …] { … }": its
// constants (Foo::NAME) and static properties (Foo::$name); methods are
// code and skipped.
func (p *phpParser) classBody(start int) error {
	name := p.ident()
	if name == "" {
		return p.errorf("expected a class name, found %s", p.found())
	}
	for !p.peek("{") {
		if p.i >= len(p.src) || p.ident() == "" && !p.accept(",") {
			return p.errorf("expected \"{\" to open class %s, found %s", name, p.found())
		}
	}
	p.accept("{")
	outer := p.class
	p.class = name
	defer func() { p.class = outer }()
	for {
		if p.accept("}") {
			return nil
		}
		p.skip()
		if p.i >= len(p.src) {
			return p.errorAt(start, "class %s is not closed", name)
		}
		if p.accept("#[") { // an attribute
			if err := p.skipBalanced('[', ']', 1); err != nil {
				return err
			}
			continue
		}
		if p.peek("$") {
			if err := p.property(); err != nil {
				return err
			}
			continue
		}
		at := p.i
		switch w := strings.ToLower(p.ident()); w {
		case "public", "protected", "private", "static", "final", "abstract", "readonly", "var":
			continue // modifiers
		case "const":
			if err := p.constStatement(); err != nil {
				return err
			}
		case "function":
			if err := p.skipFunction(); err != nil {
				return err
			}
		case "use":
			if err := p.skipTo(';'); err != nil {
				return err
			}
		case "case":
			return p.errorAt(at, "unsupported construct: enum cases (constants are read, code is not run)")
		case "":
			return p.errorf("unsupported construct %s in class %s", p.found(), name)
		default:
			// A typed property: "public int $x = 1;".
			if p.peek("$") {
				continue
			}
			return p.errorAt(at, "unsupported construct %q in class %s", w, name)
		}
	}
}

// property reads a class property "$name [= value];" as Class::$name.
func (p *phpParser) property() error {
	p.accept("$")
	name := p.ident()
	if name == "" {
		return p.errorf("expected a property name after '$'")
	}
	var v any
	if p.accept("=") {
		var err error
		if v, err = p.expr(); err != nil {
			return err
		}
	}
	p.r.consts[p.class+"::$"+name] = v
	if p.accept(",") {
		return p.property()
	}
	return p.expect(";")
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
		case '\'', '"':
			if _, err := p.str(); err != nil {
				return err
			}
		default:
			p.i++
		}
	}
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
		case '\'', '"':
			if _, err := p.str(); err != nil {
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

// Expressions, by PHP 8's precedence: | ^ & . << >> + - * / % unary.

func (p *phpParser) expr() (any, error) {
	if p.depth++; p.depth > maxPHPDepth {
		return nil, p.errorf("values nested more than %d deep", maxPHPDepth)
	}
	defer func() { p.depth-- }()
	return p.binary(0)
}

var phpLevels = [][]string{{"|"}, {"^"}, {"&"}, {"."}, {"<<", ">>"}, {"+", "-"}, {"*", "/", "%"}}

// binaryOp returns the operator of level that comes next, if any.
func (p *phpParser) binaryOp(level int) string {
	p.skip()
	rest := p.src[p.i:]
	for _, op := range phpLevels[level] {
		if !strings.HasPrefix(rest, op) {
			continue
		}
		next := ""
		if len(rest) > len(op) {
			next = rest[len(op) : len(op)+1]
		}
		// Not "||", "&&", ".=", "+=", "...", "**", "->" or a number (.5).
		if next == op[:1] || next == "=" || op == "." && next >= "0" && next <= "9" || op == "-" && next == ">" || op == "*" && next == "*" {
			continue
		}
		return op
	}
	return ""
}

func (p *phpParser) binary(level int) (any, error) {
	if level == len(phpLevels) {
		return p.unary()
	}
	left, err := p.binary(level + 1)
	if err != nil {
		return nil, err
	}
	for {
		op := p.binaryOp(level)
		if op == "" {
			return left, nil
		}
		at := p.i
		p.i += len(op)
		right, err := p.binary(level + 1)
		if err != nil {
			return nil, err
		}
		if left, err = phpBinary(op, left, right); err != nil {
			return nil, p.errorAt(at, "%v", err)
		}
	}
}

func (p *phpParser) unary() (any, error) {
	p.skip()
	at := p.i
	switch {
	case p.accept("!"):
		v, err := p.unary()
		if err != nil {
			return nil, err
		}
		return !phpTruthy(v), nil
	case p.peek("-") && !p.peek("->"), p.peek("+"):
		op := p.src[p.i]
		p.i++
		v, err := p.unary()
		if err != nil {
			return nil, err
		}
		if op == '+' {
			v, err = phpBinary("+", int64(0), v)
		} else {
			v, err = phpBinary("-", int64(0), v)
		}
		if err != nil {
			return nil, p.errorAt(at, "%v", err)
		}
		return v, nil
	case p.accept("("):
		// A cast such as (int) is code; a parenthesised expression is not.
		save := p.i
		if t := strings.ToLower(p.ident()); t != "" && p.accept(")") {
			switch t {
			case "int", "integer", "float", "double", "string", "bool", "boolean", "array":
				return nil, p.errorAt(at, "unsupported construct: a (%s) cast", t)
			}
		}
		p.i = save
		v, err := p.expr()
		if err != nil {
			return nil, err
		}
		return v, p.expect(")")
	}
	return p.postfix()
}

// postfix reads a primary value and its [index] accesses.
func (p *phpParser) postfix() (any, error) {
	v, err := p.primary()
	if err != nil {
		return nil, err
	}
	for p.peek("[") {
		at := p.i
		p.i++
		k, err := p.expr()
		if err != nil {
			return nil, err
		}
		if err := p.expect("]"); err != nil {
			return nil, err
		}
		arr, ok := v.(*phpArray)
		if !ok {
			if s, isStr := v.(string); isStr {
				n, isInt := k.(int64)
				if !isInt || n < 0 || int(n) >= len(s) {
					return nil, p.errorAt(at, "index %v is out of the string %q", k, s)
				}
				v = s[n : n+1]
				continue
			}
			return nil, p.errorAt(at, "%s has no elements: it cannot be indexed", phpType(v))
		}
		key, err := p.key(k)
		if err != nil {
			return nil, err
		}
		e, ok := arr.get(key)
		if !ok {
			return nil, p.errorAt(at, "the array has no element %s", key)
		}
		v = e
	}
	return v, nil
}

func (p *phpParser) primary() (any, error) {
	p.skip()
	if p.i >= len(p.src) {
		return nil, p.errorf("expected a value, found end of file")
	}
	c := p.src[p.i]
	switch {
	case c == '[':
		p.i++
		return p.items("]")
	case c == '\'' || c == '"':
		return p.str()
	case c >= '0' && c <= '9' || c == '.' && p.i+1 < len(p.src) && p.src[p.i+1] >= '0' && p.src[p.i+1] <= '9':
		return p.number()
	case c == '$':
		return p.variable()
	case c == '<' && strings.HasPrefix(p.src[p.i:], "<<<"):
		return p.heredoc()
	case isIdentStart(c) || c == '\\':
		return p.word()
	}
	return nil, p.errorf("expected a value, found %s", p.found())
}

// variable reads "$this->name" or "$name" (an earlier value).
func (p *phpParser) variable() (any, error) {
	at := p.i
	name, err := p.variableName()
	if err != nil {
		return nil, err
	}
	if name == "_" && p.peek("(") { // $this->_('…')
		return p.translate()
	}
	if p.peek("(") {
		return nil, p.errorAt(at, "unsupported construct: a method call $this->%s(…) (constants are read, code is not run)", name)
	}
	v, ok := p.r.vars[name]
	if !ok {
		return nil, p.errorAt(at, "$%s has no value yet (assign it before it is used)", name)
	}
	return copyValue(v), nil
}

// word reads what starts with a name: a keyword value, array(…), a
// translation call, a constant.
func (p *phpParser) word() (any, error) {
	start := p.i
	word := p.ident()
	lw := strings.ToLower(word)
	switch lw {
	case "array":
		if err := p.expect("("); err != nil {
			return nil, err
		}
		return p.items(")")
	case "true":
		return true, nil
	case "false":
		return false, nil
	case "null":
		return nil, nil
	case "clienttranslate", "totranslate", "_":
		return p.translate()
	case "new":
		return nil, p.errorAt(start, "object construction (new %s) is not read: constants are read, code is not run", p.ident())
	case "__dir__":
		return "/", nil // the file's own directory, for require __DIR__ . '/x.php'
	case "dirname":
		// dirname(__FILE__): the file's own directory.
		save := p.i
		if p.accept("(") && strings.EqualFold(p.ident(), "__FILE__") && p.accept(")") {
			return "/", nil
		}
		p.i = save
	}
	if p.accept("::") {
		member := p.ident()
		if member == "" && p.accept("$") {
			member = "$" + p.ident()
		}
		class := word
		switch lw {
		case "self", "static":
			if member == "_" && p.peek("(") {
				return p.translate()
			}
			class = p.class
		}
		if p.peek("(") {
			return nil, p.errorAt(start, "unsupported construct: a call of %s::%s(…) (only self::_ is read)", word, member)
		}
		if v, ok := p.r.consts[class+"::"+member]; ok {
			return copyValue(v), nil
		}
		return nil, p.errorAt(start, "unknown class constant %s::%s (define it before it is used, in this file or one it requires)%s", word, member, p.missingNote())
	}
	if v, ok := p.r.consts[word]; ok {
		return copyValue(v), nil
	}
	if v, ok := phpBuiltins[word]; ok {
		return v, nil
	}
	if p.peek("(") {
		return nil, p.errorAt(start, "function call %s(…) cannot be read: only clienttranslate, totranslate and _ are", word)
	}
	return nil, p.errorAt(start, "unknown constant %s (define it before it is used)%s", word, p.missingNote())
}

// missingNote points at required files that were not found: the constant
// may be defined there.
func (p *phpParser) missingNote() string {
	if len(p.r.missing) == 0 {
		return ""
	}
	return fmt.Sprintf("; %s is required but not beside the file", strings.Join(p.r.missing, ", "))
}

var phpBuiltins = map[string]any{
	"PHP_INT_MAX": int64(math.MaxInt64), "PHP_INT_MIN": int64(math.MinInt64), "PHP_INT_SIZE": int64(8),
	"PHP_FLOAT_EPSILON": math.SmallestNonzeroFloat64, "PHP_EOL": "\n", "M_PI": math.Pi, "M_E": math.E,
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
			return arr, nil
		}
		if p.accept("...") {
			v, err := p.expr()
			if err != nil {
				return nil, err
			}
			src, ok := v.(*phpArray)
			if !ok {
				return nil, p.errorf("... spreads an array, not %s", phpType(v))
			}
			for i, k := range src.keys {
				if k.isInt {
					arr.push(src.vals[i])
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
				if err != nil {
					return nil, err
				}
				arr.keyed = true
				arr.set(key, val)
			} else {
				arr.push(v)
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

// key converts a value to an array key as PHP does: integers and strings
// that spell one ("8", not "08") are integer keys; floats are truncated;
// booleans are 0 and 1; null is "".
func (p *phpParser) key(v any) (phpKey, error) {
	switch x := v.(type) {
	case int64:
		return intKey(x), nil
	case float64:
		return intKey(int64(x)), nil
	case bool:
		if x {
			return intKey(1), nil
		}
		return intKey(0), nil
	case nil:
		return phpKey{s: ""}, nil
	case string:
		if n, err := strconv.ParseInt(x, 10, 64); err == nil && strconv.FormatInt(n, 10) == x {
			return intKey(n), nil
		}
		return phpKey{s: x}, nil
	}
	return phpKey{}, p.errorf("%s cannot be an array key", phpType(v))
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
		if q == '"' && c == '$' && j+1 < len(p.src) && (isIdentStart(p.src[j+1]) || p.src[j+1] == '{') {
			return nil, p.errorAt(j, "unsupported construct: a variable inside a double-quoted string (constants are read, code is not run)")
		}
		if q == '"' && c == '{' && j+1 < len(p.src) && p.src[j+1] == '$' {
			return nil, p.errorAt(j, "unsupported construct: a variable inside a double-quoted string (constants are read, code is not run)")
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
	start := p.i
	p.i += 3
	for p.i < len(p.src) && (p.src[p.i] == ' ' || p.src[p.i] == '\t') {
		p.i++
	}
	nowdoc := p.i < len(p.src) && p.src[p.i] == '\''
	quoted := nowdoc || p.i < len(p.src) && p.src[p.i] == '"'
	if quoted {
		p.i++
	}
	id := p.ident()
	if quoted {
		p.i++
	}
	nl := strings.IndexByte(p.src[p.i:], '\n')
	if id == "" || nl < 0 {
		return nil, p.errorAt(start, "expected a heredoc: <<<ID, a line break, the text, then ID")
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
			if nowdoc {
				return text, nil
			}
			var b strings.Builder
			sub := &phpParser{r: p.r, name: p.name, src: text}
			for j := 0; j < len(text); j++ {
				c := text[j]
				if c == '$' && j+1 < len(text) && (isIdentStart(text[j+1]) || text[j+1] == '{') || c == '{' && j+1 < len(text) && text[j+1] == '$' {
					return nil, p.errorAt(body, "unsupported construct: a variable inside a heredoc (constants are read, code is not run)")
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
		if e < 0 {
			break
		}
		k = lineEnd + 1
	}
	return nil, p.errorAt(start, "heredoc %s is not closed", id)
}

// phpKey is an array key: an integer or a string.
type phpKey struct {
	s     string
	isInt bool
	n     int64
}

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
	keys  []phpKey
	vals  []any
	index map[string]int // by key string: PHP's int 8 and "8" are one key
	next  int64
	// keyed is set once a key was written: the array is exported as a map.
	keyed bool
}

func (a *phpArray) get(k phpKey) (any, bool) {
	if i, ok := a.index[k.s]; ok {
		return a.vals[i], true
	}
	return nil, false
}

func (a *phpArray) set(k phpKey, v any) {
	if a.index == nil {
		a.index = map[string]int{}
	}
	if i, ok := a.index[k.s]; ok {
		a.vals[i] = v
		return
	}
	if !k.isInt || k.n != a.next {
		a.keyed = true
	}
	if k.isInt && k.n >= a.next {
		a.next = k.n + 1
	}
	a.index[k.s] = len(a.keys)
	a.keys = append(a.keys, k)
	a.vals = append(a.vals, v)
}

func (a *phpArray) push(v any) {
	keyed := a.keyed
	a.set(intKey(a.next), v)
	a.keyed = keyed
}

// copyValue copies arrays: PHP arrays are values, so a later element
// assignment to one does not change another read from it.
func copyValue(v any) any {
	a, ok := v.(*phpArray)
	if !ok {
		return v
	}
	c := &phpArray{keys: append([]phpKey(nil), a.keys...), vals: make([]any, len(a.vals)), next: a.next, keyed: a.keyed,
		index: make(map[string]int, len(a.index))}
	for i, x := range a.vals {
		c.vals[i] = copyValue(x)
	}
	for k, i := range a.index {
		c.index[k] = i
	}
	return c
}

// export turns read values into what checks see: arrays written without
// keys are lists ([]any), others maps by key (map[string]any).
func export(v any) any {
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
		if x == math.Trunc(x) && math.Abs(x) < 1e15 {
			return strconv.FormatFloat(x, 'f', -1, 64), nil
		}
		return strconv.FormatFloat(x, 'G', 14, 64), nil
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
		if n, err := strconv.ParseInt(strings.TrimSpace(x), 10, 64); err == nil {
			return n, nil
		}
		if f, err := strconv.ParseFloat(strings.TrimSpace(x), 64); err == nil {
			return f, nil
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
	x, err := phpNumber(a)
	if err != nil {
		return nil, err
	}
	y, err := phpNumber(b)
	if err != nil {
		return nil, err
	}
	xi, xInt := x.(int64)
	yi, yInt := y.(int64)
	switch op {
	case "|", "^", "&", "<<", ">>", "%":
		if !xInt {
			xi = int64(x.(float64))
		}
		if !yInt {
			yi = int64(y.(float64))
		}
		switch op {
		case "|":
			return xi | yi, nil
		case "^":
			return xi ^ yi, nil
		case "&":
			return xi & yi, nil
		case "<<":
			if yi < 0 || yi > 63 {
				return nil, fmt.Errorf("shift by %d", yi)
			}
			return xi << yi, nil
		case ">>":
			if yi < 0 || yi > 63 {
				return nil, fmt.Errorf("shift by %d", yi)
			}
			return xi >> yi, nil
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
			if xi%yi == 0 {
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
