package check

import (
	"slices"
	"strconv"
	"strings"

	"github.com/wikirules/wikirules/model"
)

// A Board Game Arena game sets much of its material in its class's
// constructor (class Game extends \Table { public function __construct()
// { parent::__construct(); $this->initGameStateLabels([…]);
// self::$CARD_TYPES = […]; include 'material.inc.php'; } }), which the
// framework runs when it builds the game. Once a file's top level has
// run, the reader builds each game class of the files as PHP would (a
// class that is not abstract and extends the framework's Table, itself
// or through a class of the files): its instance properties' defaults,
// then its constructor (__construct, its own or inherited), whose
// $this->name are the names material.inc.php's $this->name are, and
// whose self::$X, static::$X and Game::$X are the class's static
// properties (engine.Game.X). A method named like its class is not a
// constructor in PHP 8 and is not read.
//
// In the constructor, a statement that is a call (parent::__construct()
// of the framework, $this->initGameStateLabels(…), any method of the
// framework) is not run and sets nothing, but what it may change is
// not known: a variable passed to a PHP builtin that takes it by
// reference (sort, array_push, unset, …) or to a function or method of
// the files declared with a reference parameter becomes unreadable, and
// so does every property a method of the files called there may assign
// (found by scanning its code, and the code of the methods it calls: a
// $this->name or Class::$name that is not a call). parent::__construct()
// of a class of the files runs that constructor. A statement the reader
// cannot read ends the constructor's reading: the names its rest (and
// the files it included) may assign are unreadable, with that cause;
// the file is read on.

// phpMethod is a method (or a function) of the files: its body is
// src[body:end-1], end after its closing "}".
type phpMethod struct {
	name      string // as declared
	class     string // the class self:: names in it ("" for a function)
	file, dir string
	src       string
	at        int // where its name is written
	body, end int
	refParams bool // a parameter is taken by reference (&$x)
	whole     bool // a whole file, not a body
}

func (m *phpMethod) where(r *phpReader) string {
	return m.file + ":" + strconv.Itoa(r.lineOf(m.src, m.at))
}

// phpProp is an instance property of a class: its default (nil: none)
// and whether a type was written (typed without a default, it is not
// initialized: it has no value, not even null).
type phpProp struct {
	name  string
	def   *lazyConst
	typed bool
}

// phpInclude is a file read while a constructor ran (the class's), by
// its statement at at: its lines are written there (ReadEngine).
type phpInclude struct {
	source int // in phpReader.sources
	class  string
	at     int
}

// phpUninit is the value of a typed static property without a default
// that nothing assigned yet: PHP refuses to read it.
type phpUninit struct{}

// phpCall is a call of a method or function read, not run, in a game's
// constructor: what it may assign is found when its statement is done.
type phpCall struct {
	class  string // the class of the method ("" for a function)
	name   string // lower-case
	at     *model.Msg
	parent bool // parent::name(…)
}

// precededByAbstract reports whether the class declaration at start
// ("class …") follows the abstract modifier (with final or readonly).
func precededByAbstract(src string, start int) bool {
	i := start
	for {
		for i > 0 && strings.ContainsRune(" \t\r\n", rune(src[i-1])) {
			i--
		}
		j := i
		for j > 0 && isIdentByte(src[j-1]) {
			j--
		}
		switch strings.ToLower(src[j:i]) {
		case "abstract":
			return true
		case "final", "readonly":
			i = j
			continue
		}
		return false
	}
}

// method reads a method of class after its keyword: kept (a constructor
// is run when the game is built, the others are scanned when the
// constructor calls them), not run.
func (p *phpParser) method(class string) error {
	m, err := p.readMethod(class)
	if m != nil && p.r.methods[class] != nil {
		p.r.methods[class][strings.ToLower(m.name)] = m
	}
	return err
}

// readMethod reads a method's (or a function's) name, signature and
// body; nil when it has no body or no name.
func (p *phpParser) readMethod(class string) (*phpMethod, error) {
	p.accept("&")
	p.skip()
	at := p.i
	name := p.ident()
	refParams := false
	for {
		p.skip()
		if p.i >= len(p.src) {
			return nil, p.errorf("unexpected end of file in a function")
		}
		switch c := p.src[p.i]; c {
		case ';': // abstract: no body
			p.i++
			return nil, nil
		case '{':
			p.i++
			body := p.i
			if err := p.skipBalanced('{', '}', 1); err != nil {
				return nil, err
			}
			if name == "" {
				return nil, nil
			}
			return &phpMethod{name: name, class: class, file: p.name, dir: p.dir, src: p.src,
				at: at, body: body, end: p.i, refParams: refParams}, nil
		case '\'', '"', '`':
			if err := p.skipString(); err != nil {
				return nil, err
			}
		case '&':
			refParams = refParams || strings.HasPrefix(strings.TrimLeft(p.src[p.i+1:], " \t\r\n"), "$")
			p.i++
		default:
			p.i++
		}
	}
}

// findMethod finds the method name (lower-case) of class: its own, one
// of its traits', or its parent class's (as PHP looks it up). A trait's
// method is the class's: self:: there names the class.
func (r *phpReader) findMethod(class, name string) *phpMethod {
	for c, n := class, 0; c != "" && n < maxPHPAncestors; c, n = r.extends[c], n+1 {
		if m := r.methods[c][name]; m != nil {
			return m
		}
		for _, t := range r.parents[c] {
			if r.kinds[t] != "trait" {
				continue
			}
			if m := r.methods[t][name]; m != nil {
				cp := *m
				cp.class = c
				return &cp
			}
		}
	}
	return nil
}

// variable is the value of $name (or $this->name, or the static property
// Class::$name) and whether it is set.
func (r *phpReader) variable(name string) (any, bool) {
	if strings.HasPrefix(name, phpLocal) {
		v, ok := r.locals[name]
		return v, ok
	}
	if strings.Contains(name, "::") {
		v, ok := r.consts[name]
		if _, uninit := v.(phpUninit); uninit {
			return nil, false
		}
		return v, ok
	}
	v, ok := r.vars[name]
	return v, ok
}

// targetName reads what an assignment assigns: $name, $this->name, or a
// static property (self::$x, static::$x, parent::$x, Game::$x), named
// by the class that declares it ("Game::$x").
func (p *phpParser) targetName() (string, error) {
	if p.peek("$") {
		return p.variableName()
	}
	at := p.i
	word := p.ident()
	if word == "" || !p.accept("::") || !p.accept("$") {
		p.i = at
		return p.variableName() // its error
	}
	prop := p.ident()
	if prop == "" {
		return "", p.errorf("expected a property name after '$'")
	}
	return p.staticKey(at, word, prop)
}

// staticClass is the class self, static and parent name in the class
// being read (word itself otherwise).
func (p *phpParser) staticClass(word string) string {
	switch strings.ToLower(word) {
	case "self":
		return p.class
	case "static":
		if p.lsb != "" {
			return p.lsb
		}
		return p.class
	case "parent":
		return p.r.extends[p.class]
	}
	return word
}

// staticKey is the key of the static property word::$prop: the class
// that declares it (the class, or one it extends), evaluated when it has
// a default not evaluated yet. Read without running, an undeclared one
// is "" (it assigns nothing).
func (p *phpParser) staticKey(at int, word, prop string) (string, error) {
	class := p.staticClass(word)
	key, lazy := p.r.staticDecl(class, prop)
	switch {
	case key == "" && p.dry > 0:
		return "", nil
	case key == "":
		// PHP's Error, which stops the code: in a constructor, what
		// follows is not known.
		return "", fileError(p.errorAt(at, "access to undeclared static property %s::$%s (PHP's Error)", class, prop))
	case lazy != nil && p.dry == 0:
		if _, err := p.r.evalLazy(key, lazy); err != nil {
			return "", err
		}
	}
	return key, nil
}

// staticDecl finds where the static property class::$prop is declared:
// its key, and its default when not evaluated yet ("" when no class
// declares it).
func (r *phpReader) staticDecl(class, prop string) (key string, l *lazyConst) {
	return r.declaredIn(class, "::$", prop)
}

// initialized is PHP's error reading a typed static property that has no
// value yet ($x++, $x .= …).
func (p *phpParser) initialized(at int, name string, path []any) error {
	if _, uninit := p.r.consts[name].(phpUninit); uninit && len(path) == 0 && p.dry == 0 {
		return p.errorAt(at, "typed static property %s must not be accessed before initialization (PHP's Error)", name)
	}
	return nil
}

// staticAhead reports whether a static property follows a class name
// just read (Game::$x): the statement is an assignment.
func (p *phpParser) staticAhead() bool {
	save := p.i
	defer func() { p.i = save }()
	return p.accept("::") && p.peek("$")
}

// assigns reports whether the statement at start assigns (has "=",
// "op=", "++" or "--" outside brackets): otherwise, in a constructor,
// it may be a call.
func (p *phpParser) assigns(start int) bool {
	save := p.i
	defer func() { p.i = save }()
	p.i = start
	for {
		p.skip()
		if p.i >= len(p.src) {
			return false
		}
		rest := p.src[p.i:]
		switch c := rest[0]; {
		case c == ';':
			return false
		case c == '(' || c == '[' || c == '{':
			p.i++
			if p.skipBalanced(c, map[byte]byte{'(': ')', '[': ']', '{': '}'}[c], 1) != nil {
				return true
			}
		case c == '\'' || c == '"' || c == '`':
			if p.skipString() != nil {
				return true
			}
		case strings.HasPrefix(rest, "<<<"):
			if _, _, _, err := p.heredocText(); err != nil {
				return true
			}
		case strings.HasPrefix(rest, "++"), strings.HasPrefix(rest, "--"):
			return true
		case strings.HasPrefix(rest, "==="), strings.HasPrefix(rest, "!=="), strings.HasPrefix(rest, "<=>"):
			p.i += 3
		case strings.HasPrefix(rest, "=="), strings.HasPrefix(rest, "!="), strings.HasPrefix(rest, "=>"),
			strings.HasPrefix(rest, "<="), strings.HasPrefix(rest, ">="), strings.HasPrefix(rest, "->"):
			p.i += 2
		case c == '=':
			return true
		case strings.HasPrefix(rest, "<<="), strings.HasPrefix(rest, ">>="), strings.HasPrefix(rest, "**="), strings.HasPrefix(rest, "??="):
			return true
		case strings.HasPrefix(rest, "<<"), strings.HasPrefix(rest, ">>"), strings.HasPrefix(rest, "**"), strings.HasPrefix(rest, "??"):
			p.i += 2
		default:
			p.i++
		}
	}
}

// phpRefBuiltins are PHP's functions that take an argument by reference
// (and may change it): a variable passed to one is not known after.
var phpRefBuiltins = map[string]bool{
	"sort": true, "rsort": true, "usort": true, "uasort": true, "uksort": true, "ksort": true, "krsort": true,
	"asort": true, "arsort": true, "natsort": true, "natcasesort": true, "array_multisort": true, "shuffle": true,
	"array_push": true, "array_pop": true, "array_shift": true, "array_unshift": true, "array_splice": true,
	"array_walk": true, "array_walk_recursive": true, "settype": true, "preg_match": true, "preg_match_all": true,
	"preg_replace": true, "preg_replace_callback": true, "str_replace": true, "str_ireplace": true,
	"parse_str": true, "end": true, "reset": true, "next": true, "prev": true, "similar_text": true,
	"sscanf": true, "extract": true, "unset": true,
}

// callStatement reads, in a game's constructor, a statement that is a
// call (parent::__construct();, $this->initGameStateLabels([…]);,
// $this->cards->init('card');): it is not run. It reports false, and
// reads nothing, when the statement is something else. What the call
// may change is unreadable after it (see the top of this file).
func (p *phpParser) callStatement(start int) (bool, error) {
	if p.assigns(start) {
		return false, nil
	}
	p.i = start
	mark := len(p.r.calls)
	outer := 0
	if p.targets != nil {
		outer = len(*p.targets)
	}
	targets, err := p.dryRead(func() error { _, err := p.expr(); return err })
	text := strings.TrimSpace(p.src[start:p.i])
	if err != nil || !p.accept(";") || !strings.HasSuffix(text, ")") {
		p.r.calls = p.r.calls[:mark]
		if p.targets != nil {
			*p.targets = (*p.targets)[:outer]
		}
		p.i = start
		return false, nil
	}
	if p.dry > 0 {
		return true, nil // the statement that holds it makes them unreadable
	}
	if len(targets) > 0 {
		u := &phpUnreadable{cause: p.errorAt(start, "%s is a call the reader does not run: it may change what is passed to it", shorten(text)).(*model.Msg)}
		for _, t := range targets {
			p.r.markUnreadable(t, u)
		}
	}
	// parent::__construct() of a class of the files: that constructor
	// runs, here.
	if len(p.r.calls) > mark {
		if c := p.r.calls[mark]; c.parent && c.name == "__construct" && strings.HasPrefix(strings.ToLower(text), "parent") {
			if m := p.r.findMethod(c.class, "__construct"); m != nil {
				p.r.calls = append(p.r.calls[:mark], p.r.calls[mark+1:]...)
				if err := p.processCalls(mark); err != nil {
					return true, err
				}
				return true, p.r.runConstructor(m, p.lsb)
			}
		}
	}
	return true, p.processCalls(mark)
}

// shorten is a statement as a message quotes it.
func shorten(s string) string {
	s = strings.Join(strings.Fields(s), " ")
	if len(s) > 60 {
		if i := strings.IndexByte(s, '('); i > 0 && i < 57 {
			return s[:i] + "(…)"
		}
		return s[:57] + "…"
	}
	return s
}

// noteCall records a call of a method or function read in a game's
// constructor, at at: the names it may assign are found once its
// statement is read (processCalls).
func (p *phpParser) noteCall(at int, class, name string, parent bool) {
	if p.r.ctor == 0 {
		return
	}
	p.r.calls = append(p.r.calls, phpCall{class: class, name: strings.ToLower(name), at: p.errorAt(at, "").(*model.Msg), parent: parent})
}

// processCalls makes unreadable what the calls noted since mark may
// assign: the properties a method (or function) of the files writes,
// scanned with the methods it calls. A method of the framework is not
// in the files: it changes nothing the reader reads. Each name made
// unreadable counts against the budget, as a value built: a method that
// may assign many names, called many times, made many times the file.
func (p *phpParser) processCalls(mark int) error {
	calls := append([]phpCall(nil), p.r.calls[mark:]...)
	p.r.calls = p.r.calls[:mark]
	for _, c := range calls {
		var m *phpMethod
		if c.class != "" {
			m = p.r.findMethod(c.class, c.name)
		} else {
			m = p.r.function(c.name)
		}
		if m == nil {
			continue
		}
		what := "the function " + m.name
		if m.class != "" {
			what = "the method " + m.class + "::" + m.name
		}
		cause := *c.at
		cause.Text = what + "() (" + m.where(p.r) + ") is called here and not run: what it assigns is not known"
		u := &phpUnreadable{cause: &cause}
		targets := p.r.scanWrites(m, p.lsb, false, map[*phpMethod]bool{})
		if err := p.r.charge(64 * len(targets)); err != nil {
			m := *c.at
			m.Text = err.Error()
			return &phpFileError{&m}
		}
		for _, t := range targets {
			p.r.markUnreadable(t, u)
		}
	}
	return nil
}

// function is the function of the files name (lower-case) as a method
// without a class, read once from its declaration.
func (r *phpReader) function(name string) *phpMethod {
	if m, ok := r.funcBodies[name]; ok {
		return m
	}
	d, ok := r.funcs[name]
	if !ok {
		return nil
	}
	q := &phpParser{r: r, name: d.file, src: d.src, i: d.at}
	m, _ := q.readMethod("")
	r.funcBodies[name] = m
	return m
}

// isGame reports whether class is a game's: a class, not abstract, that
// extends the framework's Table (itself or through classes of the
// files).
func (r *phpReader) isGame(class string) bool {
	if r.kinds[class] != "class" || r.abstract[class] {
		return false
	}
	for c, n := r.extends[class], 0; c != "" && n < maxPHPAncestors; c, n = r.extends[c], n+1 {
		if strings.EqualFold(c, "Table") {
			return true
		}
	}
	return false
}

// built are the classes whose instance properties and constructor the
// reader ran: each game class and the classes it extends, the classes
// it extends first.
func (r *phpReader) built() []string {
	var out []string
	for _, c := range r.declared {
		if !r.isGame(c) {
			continue
		}
		out = append(out, r.extendsChain(c)...)
	}
	return out
}

// extendsChain is class and the classes of the files it extends, the
// farthest first.
func (r *phpReader) extendsChain(class string) []string {
	var chain []string
	for c, n := class, 0; c != "" && n < maxPHPAncestors && r.kinds[c] == "class"; c, n = r.extends[c], n+1 {
		chain = append(chain, c)
	}
	slices.Reverse(chain)
	return chain
}

// buildGames builds each game class of the files, in the order they
// were declared: what the framework does once the files are loaded.
func (r *phpReader) buildGames() error {
	for _, c := range r.declared {
		if !r.isGame(c) {
			continue
		}
		if err := r.buildGame(c); err != nil {
			return err
		}
	}
	return nil
}

// buildGame sets the instance properties' defaults of class (those of
// the classes it extends first, then its own), then runs its
// constructor.
func (r *phpReader) buildGame(class string) error {
	for _, c := range r.extendsChain(class) {
		for _, prop := range r.props[c] {
			p := &phpParser{r: r, class: c, lsb: class, coalesceAt: -1, aliasAt: -1}
			if prop.def == nil {
				if !prop.typed {
					p.setVar(prop.name, nil)
				} else {
					// Not initialized: redeclared, it has no value
					// the class it extends gave it.
					delete(r.vars, prop.name)
				}
				continue
			}
			p.name, p.dir, p.src, p.i, p.aliasAt = prop.def.name, prop.def.dir, prop.def.src, prop.def.at, prop.def.at
			v, err := p.expr()
			if err != nil {
				if r.exhausted() {
					return &phpFileError{err}
				}
				v = causeOf(err)
			}
			p.setVar(prop.name, v)
		}
	}
	if m := r.findMethod(class, "__construct"); m != nil {
		return r.runConstructor(m, class)
	}
	return nil
}

// runConstructor runs the constructor m of the game class lsb: its
// statements, $this the game. A statement it cannot read ends it: what
// the rest may assign is unreadable (unreadableRest).
func (r *phpReader) runConstructor(m *phpMethod, lsb string) error {
	if r.ctor >= 64 {
		return nil // parent::__construct() chains deeper than any game's
	}
	r.ctor++
	outer, locals, class, at := r.game, r.locals, r.ctorClass, r.ctorAt
	r.game, r.locals, r.ctorClass = lsb, map[string]any{}, m.class
	defer func() { r.ctor--; r.game, r.locals, r.ctorClass, r.ctorAt = outer, locals, class, at }()
	p := &phpParser{r: r, name: m.file, dir: m.dir, src: m.src, i: m.body, class: m.class, lsb: lsb, coalesceAt: -1, aliasAt: -1}
	read := len(r.stopped)
	for {
		p.skip()
		if p.i >= m.end-1 {
			return nil
		}
		at := p.i
		r.ctorAt = at
		err := p.statement()
		if err == nil {
			continue
		}
		if r.exhausted() {
			return fileError(err)
		}
		p.unreadableRest(at, m, read, err)
		return nil
	}
}

// unreadableRest makes unreadable what the constructor m may assign from
// at on, and the rests of the files it included that were not read
// (r.stopped from stopped on): the statement at at was not read, and err
// says why.
func (p *phpParser) unreadableRest(at int, m *phpMethod, stopped int, err error) {
	u := causeOf(err)
	rest := &phpMethod{name: m.name, class: m.class, file: m.file, src: m.src, at: m.at, body: at, end: m.end}
	seen := map[*phpMethod]bool{}
	targets := p.r.scanWrites(rest, p.lsb, true, seen)
	for _, f := range p.r.stopped[stopped:] {
		whole := &phpMethod{class: m.class, file: f.name, src: f.src, whole: true}
		targets = append(targets, p.r.scanWrites(whole, p.lsb, true, seen)...)
	}
	p.r.stopped = p.r.stopped[:stopped]
	for _, t := range targets {
		p.r.markUnreadable(t, u)
	}
}

// scanWrites finds, in the code of m without reading it, the names it
// may assign: every $this->name that is not a call (a read too: the
// scan cannot tell), every static property Class::$name, and what the
// methods and functions of the files it calls may assign. top: m's code
// is the constructor's or a file's it includes, whose define() and const
// define the files' constants (the constructor's $name are its own
// local variables, not kept once the reading stops). A property named by
// an expression ($this->$k) may be any: all the variables are then.
//
// The code of a method is scanned once (writesOf): a constructor may
// call it many times, in a loop too.
func (r *phpReader) scanWrites(m *phpMethod, lsb string, top bool, seen map[*phpMethod]bool) []phpTarget {
	if seen[m] || len(seen) > 1000 {
		return nil
	}
	seen[m] = true
	var out []phpTarget
	for _, w := range r.writesOf(m, lsb, top) {
		switch {
		case w.all:
			out = append(out, r.allVars()...)
		case w.call:
			var c *phpMethod
			if w.class != "" {
				c = r.findMethod(w.class, strings.ToLower(w.name))
			} else {
				c = r.function(strings.ToLower(w.name))
			}
			if c != nil {
				out = append(out, r.scanWrites(c, lsb, false, seen)...)
			}
		default:
			out = append(out, w.target)
		}
	}
	return out
}

// phpWrite is what a method's code may assign, in the order it is
// written: a name (target), all the variables ($this->$k), or what a
// method (of class, "" for a function) it calls may assign.
type phpWrite struct {
	target      phpTarget
	all, call   bool
	class, name string
}

// phpWritesKey is a method's code scanned for a game class (lsb), as
// the constructor's or an included file's (top).
type phpWritesKey struct {
	file, class, lsb string
	body, end        int
	top, whole       bool
}

// writesOf scans the code of m: what it may assign, each name and each
// call once, in the order written. The scans are kept until a class is
// declared (a static property's class may change).
func (r *phpReader) writesOf(m *phpMethod, lsb string, top bool) []phpWrite {
	key := phpWritesKey{m.file, m.class, lsb, m.body, m.end, top, m.whole}
	if w, ok := r.writes[key]; ok {
		return w
	}
	var toks []phpTok
	if m.whole {
		toks = phpTokens(m.src) // a whole file: its <?php … ?> blocks
	} else {
		toks = phpTokens(m.src[m.body:max(m.body, m.end-1)])
	}
	var out []phpWrite
	done := map[phpWrite]bool{}
	add := func(w phpWrite) {
		if !done[w] {
			done[w] = true
			out = append(out, w)
		}
	}
	is := func(k int, text string) bool {
		return k >= 0 && k < len(toks) && toks[k].kind == 'p' && toks[k].text == text
	}
	tok := func(k int) phpTok {
		if k >= 0 && k < len(toks) {
			return toks[k]
		}
		return phpTok{}
	}
	classOf := func(word string) string {
		switch strings.ToLower(word) {
		case "self":
			return m.class
		case "static":
			if lsb != "" {
				return lsb
			}
			return m.class
		case "parent":
			return r.extends[m.class]
		}
		return word
	}
	call := func(class, name string) {
		add(phpWrite{call: true, class: class, name: strings.ToLower(name)})
	}
	for k := 0; k < len(toks); k++ {
		t := toks[k]
		switch {
		case t.kind == 'v' && t.text == "this" && is(k+1, "->"):
			switch n := tok(k + 2); {
			case n.kind == 'i' && is(k+3, "("):
				call(lsb, n.text)
			case n.kind == 'i':
				add(phpWrite{target: phpTarget{name: n.text}})
			default: // $this->$k, $this->{…}
				add(phpWrite{all: true})
			}
		case t.kind == 'i' && is(k+1, "::") && !is(k-1, "->") && !is(k-1, "::"):
			n := tok(k + 2)
			switch {
			case n.kind == 'v':
				if key, _ := r.staticDecl(classOf(t.text), n.text); key != "" {
					add(phpWrite{target: phpTarget{name: key}})
				}
			case n.kind == 'i' && is(k+3, "("):
				call(classOf(t.text), n.text)
			}
			k += 2
		case top && t.kind == 'i' && strings.EqualFold(t.text, "define") && is(k+1, "(") && tok(k+2).kind == 's':
			add(phpWrite{target: phpTarget{name: tok(k + 2).text, isConst: true}})
		case top && t.kind == 'i' && strings.EqualFold(t.text, "const") && tok(k+1).kind == 'i' && is(k+2, "="):
			add(phpWrite{target: phpTarget{name: tok(k + 1).text, isConst: true}})
		case t.kind == 'i' && is(k+1, "(") && !is(k-1, "->") && !is(k-1, "::") && !is(k-1, "?->"):
			if prev := strings.ToLower(tok(k - 1).text); tok(k-1).kind != 'i' || prev != "function" && prev != "new" && prev != "fn" {
				call("", t.text)
			}
		}
	}
	if r.writes == nil {
		r.writes = map[phpWritesKey][]phpWrite{}
	}
	r.writes[key] = out
	return out
}

// allVars are all the variables read so far, as targets.
func (r *phpReader) allVars() []phpTarget {
	out := make([]phpTarget, 0, len(r.order))
	for _, name := range r.order {
		out = append(out, phpTarget{name: name})
	}
	return out
}

// methodCall notes, read without running, a call of the method name of
// class (parent: parent::name(…)): its arguments are taken by reference
// when the method of the files declares one so, and in a constructor
// what it may assign is found (noteCall).
func (p *phpParser) methodCall(at int, class, name string, parent bool) {
	if m := p.r.findMethod(class, strings.ToLower(name)); m != nil {
		p.refArgs = m.refParams
	}
	p.noteCall(at, class, name, parent)
}

// varPath reads text, an argument, as a variable a call may change
// when it takes it by reference: $x, $this->x, Class::$x, with indexes
// ([k]) and properties (->p) after it.
func (p *phpParser) varPath(text string) (phpTarget, bool) {
	toks := phpTokens(text)
	is := func(k int, s string) bool { return k < len(toks) && toks[k].kind == 'p' && toks[k].text == s }
	var t phpTarget
	k := 0
	switch {
	case len(toks) >= 3 && toks[0].kind == 'v' && toks[0].text == "this" && is(1, "->") && toks[2].kind == 'i':
		t.name, k = toks[2].text, 3
	case len(toks) >= 1 && toks[0].kind == 'v' && toks[0].text != "this":
		t.name, k = toks[0].text, 1
		if p.r.locals != nil {
			t.name = phpLocal + t.name // a constructor's local variable
		}
	case len(toks) >= 3 && toks[0].kind == 'i' && is(1, "::") && toks[2].kind == 'v':
		key, _ := p.r.staticDecl(p.staticClass(toks[0].text), toks[2].text)
		if key == "" {
			return t, false
		}
		t.name, k = key, 3
	default:
		return t, false
	}
	for k < len(toks) {
		switch {
		case is(k, "["):
			depth := 0
			for ; k < len(toks); k++ {
				if is(k, "[") {
					depth++
				} else if is(k, "]") {
					if depth--; depth == 0 {
						break
					}
				}
			}
			k++
		case is(k, "->") && k+1 < len(toks) && toks[k+1].kind == 'i' && !is(k+2, "("):
			k += 2
		default:
			return t, false
		}
	}
	return t, true
}

// value is the value of the variable name (nil when it is not set).
func (r *phpReader) value(name string) any {
	v, _ := r.variable(name)
	return v
}
