package check

import (
	"errors"
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/wikirules/wikirules/model"
)

// A value the reader cannot compute (a call of the framework's
// GameStateBuilder, an object, a function of the file) fails only the
// names it would define, not the file: the statement is read as PHP
// parses it, without running it (dryStatement), and each name it may
// assign holds a phpUnreadable, with where and why. A spec that reads
// such a name gets that error; one that reads the file's other names
// works. An unreadable value read by another statement makes that
// statement's names unreadable too, with the first cause, so no value
// computed from it is ever a wrong one. What PHP itself would refuse to
// compile (a syntax error), and the reader's own limits (the loops, the
// memory), stay errors of the file.

// phpUnreadable is a value the reader could not compute.
type phpUnreadable struct {
	cause *model.Msg // the first construct not read, where it is written
	via   string     // the name it was read through ("$deck"), "" for its own
}

// Unreadable is an engine value the reader could not read: a spec that
// reads it is an error, with its cause.
type Unreadable struct {
	// Cause is the construct that was not read, located in its file.
	Cause *model.Msg
	// Via names the value of the file through which it came ("$deck"),
	// when the value was computed from another unreadable one; "" when
	// its own expression was not read.
	Via string
}

// Error says which engine value (path, as "engine.x.y") cannot be read,
// at the place of its cause.
func (u *Unreadable) error(path string) *model.Msg {
	m := *u.Cause
	via := ""
	if u.Via != "" {
		via = fmt.Sprintf(" (its value uses %s, which cannot be read)", u.Via)
	}
	m.Text = fmt.Sprintf("engine.%s cannot be read%s: %s", path, via, u.Cause.Text)
	return &m
}

func (u *Unreadable) String() string { return "<unreadable: " + u.Cause.String() + ">" }

// phpReadErr is the error of reading an unreadable value where a value
// is computed: the statement's names become unreadable in turn.
type phpReadErr struct {
	msg  *model.Msg // at the read
	u    *phpUnreadable
	name string // "$deck", "CARD_RED", "Game::X"
}

func (e *phpReadErr) Error() string { return e.msg.Error() }
func (e *phpReadErr) Unwrap() error { return e.msg }

// phpFileError is an error of the file (a syntax error, a limit of the
// reader): no statement recovers from it.
type phpFileError struct{ err error }

func (e *phpFileError) Error() string { return e.err.Error() }
func (e *phpFileError) Unwrap() error { return e.err }

// errLeaves is a break or continue, read without running it, that would
// leave the statement being read: what follows it in the loop that
// encloses the statement is not known either.
var errLeaves = errors.New("a break or continue leaves the statement")

// unwrapFileError gives an error of the file as the reader reports it (a
// *model.Msg).
func unwrapFileError(err error) error {
	for {
		switch e := err.(type) {
		case *phpFileError:
			err = e.err
		case *phpReadErr:
			return e.msg
		default:
			return err
		}
	}
}

// unreadableErr is the error of reading the unreadable value u, named
// name, at at.
func (p *phpParser) unreadableErr(at int, name string, u *phpUnreadable) error {
	cause := u.cause
	m := p.errorAt(at, "%s cannot be read: %s (%s)", name, cause.Text, cause.Location()).(*model.Msg)
	return &phpReadErr{msg: m, u: u, name: name}
}

// causeOf is the unreadable value err makes of a statement's names.
func causeOf(err error) *phpUnreadable {
	var re *phpReadErr
	if errors.As(err, &re) {
		return &phpUnreadable{cause: re.u.cause, via: re.name}
	}
	var m *model.Msg
	if errors.As(err, &m) {
		return &phpUnreadable{cause: m}
	}
	return &phpUnreadable{cause: model.Errorf("", 0, model.MsgEngine, "%v", err)}
}

// exhausted reports whether the reader reached a limit of its own: the
// statements after are not read.
func (r *phpReader) exhausted() bool {
	return r.work > maxPHPWork || r.steps > maxPHPSteps || r.looped > maxPHPLoopCode || r.reread > maxPHPReread
}

// phpTarget is a name a statement may assign: a variable ($this->name or
// $name) or a constant.
type phpTarget struct {
	name    string
	isConst bool
}

// recoverStatement handles the error of the statement that starts at
// start: when it is a value the reader cannot compute in a statement PHP
// parses, the names the statement may assign become unreadable and the
// reading goes on (nil). A syntax error or a limit of the reader is an
// error of the file; a break or continue that would leave the statement
// hands the error to the enclosing one.
func (p *phpParser) recoverStatement(start int, err error) error {
	if err == nil || p.dry > 0 || p.hoisting {
		return err
	}
	var fe *phpFileError
	if _, jump := err.(*phpJump); jump || errors.As(err, &fe) {
		return err
	}
	if p.r.exhausted() {
		return &phpFileError{err}
	}
	end := p.i
	p.i = start
	targets, derr := p.dryRead(func() error { return p.dryStatement(0) })
	if derr == errLeaves {
		p.i = end
		return err
	}
	if derr != nil {
		return &phpFileError{derr}
	}
	u := causeOf(err)
	for _, t := range targets {
		p.r.markUnreadable(t, u)
	}
	return nil
}

// dryRead runs read without evaluating anything, in the lenient mode that
// parses what the reader does not evaluate, and returns the names it may
// assign.
func (p *phpParser) dryRead(read func() error) ([]phpTarget, error) {
	outer := p.targets
	p.targets = &[]phpTarget{}
	p.dry++
	p.lenient++
	p.opAt = 0
	err := read()
	p.lenient--
	p.dry--
	p.opAt = 0
	targets := *p.targets
	p.targets = outer
	if outer != nil {
		*outer = append(*outer, targets...)
	}
	return targets, err
}

// target notes a name the statement being read without running may
// assign.
func (p *phpParser) noteTarget(name string, isConst bool) {
	if p.targets != nil && name != "" {
		*p.targets = append(*p.targets, phpTarget{name, isConst})
	}
}

// markUnreadable makes a name unreadable. A constant defined already
// keeps its value, as define() keeps it in PHP.
func (r *phpReader) markUnreadable(t phpTarget, u *phpUnreadable) {
	if !t.isConst && strings.Contains(t.name, "::") { // a static property
		delete(r.lazy, t.name)
		r.consts[t.name] = u
		return
	}
	if t.isConst {
		if _, done := r.consts[t.name]; !done {
			r.consts[t.name] = u
		}
		return
	}
	r.setVar(t.name, u)
}

// dryStatement reads a statement as PHP parses it, without running it
// (p.dry, p.lenient), and notes the names it may assign. loops is the
// number of loops it is inside of, within the statement read: a break
// or continue that leaves them is errLeaves.
func (p *phpParser) dryStatement(loops int) error {
	p.skip()
	start := p.i
	switch {
	case p.accept(";"):
		return nil
	case p.accept("{"):
		for !p.accept("}") {
			if p.skip(); p.i >= len(p.src) {
				return p.errorf("expected \"}\", found end of file")
			}
			if err := p.dryStatement(loops); err != nil {
				return err
			}
		}
		return nil
	case p.peek("$"), p.peek("++"), p.peek("--"), p.peek("["):
		return p.assignStatement(start)
	case p.accept("#["):
		return p.skipBalanced('[', ']', 1)
	}
	word := p.ident()
	lw := strings.ToLower(word)
	if word != "" && p.staticAhead() { // self::$x = …;
		p.i = start
		return p.assignment()
	}
	header := func() error {
		if err := p.expect("("); err != nil {
			return err
		}
		if _, err := p.expr(); err != nil {
			return err
		}
		return p.expect(")")
	}
	switch lw {
	case "list":
		p.i = start
		return p.destructuring()
	case "define":
		return p.define()
	case "const":
		return p.constStatement()
	case "if":
		for {
			if err := header(); err != nil {
				return err
			}
			if err := p.dryStatement(loops); err != nil {
				return err
			}
			save := p.i
			switch strings.ToLower(p.ident()) {
			case "elseif":
				continue
			case "else":
				return p.dryStatement(loops)
			}
			p.i = save
			return nil
		}
	case "while":
		if err := header(); err != nil {
			return err
		}
		return p.dryStatement(loops + 1)
	case "do":
		if err := p.dryStatement(loops + 1); err != nil {
			return err
		}
		if !strings.EqualFold(p.ident(), "while") {
			return p.errorf("expected \"while\" after the body of do, found %s", p.found())
		}
		if err := header(); err != nil {
			return err
		}
		return p.expect(";")
	case "for":
		if err := p.expect("("); err != nil {
			return err
		}
		if err := p.assignList(";"); err != nil {
			return err
		}
		for !p.accept(";") {
			if _, err := p.expr(); err != nil {
				return err
			}
			if !p.accept(",") && !p.peek(";") {
				return p.errorf("expected \";\" after the condition of a for loop, found %s", p.found())
			}
		}
		if err := p.assignList(")"); err != nil {
			return err
		}
		return p.dryStatement(loops + 1)
	case "foreach":
		if err := p.expect("("); err != nil {
			return err
		}
		if _, err := p.expr(); err != nil {
			return err
		}
		if !strings.EqualFold(p.ident(), "as") {
			return p.errorf("expected \"as\" in foreach, found %s", p.found())
		}
		for i := 0; i < 2; i++ {
			p.accept("&")
			if p.peek("[") || strings.EqualFold(p.peekIdent(), "list") {
				pat, err := p.pattern()
				if err != nil {
					return err
				}
				p.patternTargets(pat)
			} else {
				name, err := p.variableName()
				if err != nil {
					return err
				}
				p.noteTarget(name, false)
			}
			if !p.accept("=>") {
				break
			}
		}
		if err := p.expect(")"); err != nil {
			return err
		}
		return p.dryStatement(loops + 1)
	case "switch":
		if err := header(); err != nil {
			return err
		}
		if err := p.expect("{"); err != nil {
			return err
		}
		for !p.accept("}") {
			if p.skip(); p.i >= len(p.src) {
				return p.errorAt(start, "the switch is not closed")
			}
			save := p.i
			switch strings.ToLower(p.ident()) {
			case "case":
				if _, err := p.expr(); err != nil {
					return err
				}
				if !p.accept(":") && !p.accept(";") {
					return p.errorf("expected \":\" after a case, found %s", p.found())
				}
				continue
			case "default":
				if !p.accept(":") && !p.accept(";") {
					return p.errorf("expected \":\" after default, found %s", p.found())
				}
				continue
			}
			p.i = save
			if err := p.dryStatement(loops + 1); err != nil {
				return err
			}
		}
		return nil
	case "break", "continue":
		levels := int64(1)
		if !p.peek(";") {
			v, err := p.expr()
			if err != nil {
				return err
			}
			if n, ok := v.(int64); ok {
				levels = n
			}
		}
		if err := p.expect(";"); err != nil {
			return err
		}
		if levels > int64(loops) {
			return errLeaves
		}
		return nil
	case "namespace", "use", "declare":
		return p.skipTo(';')
	case "abstract", "final", "readonly":
		return p.dryStatement(loops)
	case "class", "interface", "trait", "enum", "function":
		// Declared only if the code reaches it: what it declares is
		// unknown, and a later use of it is an error of that use.
		p.i = start
		if lw == "function" {
			p.ident()
			return p.skipFunction()
		}
		return p.skipDeclaration()
	}
	p.i = start
	if p.r.ctor > 0 {
		// In a constructor, a call is a statement (phpclass.go).
		if call, err := p.callStatement(start); call {
			return err
		}
	}
	// Anything else (a call, require, echo) is refused when it runs:
	// the statement that holds it is refused too.
	return p.errorAt(start, "unsupported construct %s in code whose run is not known (constants are read, code is not run)", p.found())
}

// patternTargets notes the variables of a list of variables.
func (p *phpParser) patternTargets(pat *phpPattern) {
	for _, e := range pat.elems {
		if e.name != "" {
			p.noteTarget(e.name, false)
		}
		if e.nested != nil {
			p.patternTargets(e.nested)
		}
	}
}

// recoverValue handles the error of evaluating an assignment's value
// that starts at at: when the expression parses, its end is found, the
// variables it increments become unreadable, and the unreadable value is
// returned to be assigned (nil error). Otherwise the error stands.
func (p *phpParser) recoverValue(at int, err error) (*phpUnreadable, error) {
	var fe *phpFileError
	if p.dry > 0 || p.hoisting || errors.As(err, &fe) {
		return nil, err
	}
	if _, jump := err.(*phpJump); jump {
		return nil, err
	}
	if p.r.exhausted() {
		return nil, &phpFileError{err}
	}
	p.i = at
	targets, derr := p.dryRead(func() error { _, err := p.assigned(); return err })
	if derr != nil {
		return nil, &phpFileError{derr}
	}
	u := causeOf(err)
	for _, t := range targets {
		p.r.markUnreadable(t, u)
	}
	return u, nil
}

// readable is an error when v is unreadable or an array that holds an
// unreadable value: an operator or a function would compute a wrong
// value from it.
func (p *phpParser) readable(at int, v any) error {
	if p.dry > 0 {
		return nil
	}
	if u, path := findUnreadable(v); u != nil {
		name := "a value"
		if path != "" {
			name = "the element " + path + " of an array"
		}
		return p.unreadableErr(at, name, u)
	}
	return nil
}

// findUnreadable finds an unreadable value in v (v itself, or an element
// at any depth of an array marked tainted), and its path of keys.
func findUnreadable(v any) (*phpUnreadable, string) {
	switch x := v.(type) {
	case *phpUnreadable:
		return x, ""
	case *phpArray:
		if !x.tainted {
			return nil, ""
		}
		for i, e := range x.vals {
			if u, path := findUnreadable(e); u != nil {
				return u, "[" + x.keys[i].String() + "]" + path
			}
		}
	}
	return nil, ""
}

// isTainted reports whether v is unreadable or an array that may hold an
// unreadable value.
func isTainted(v any) bool {
	switch x := v.(type) {
	case *phpUnreadable:
		return true
	case *phpArray:
		return x.tainted
	}
	return false
}

// The constructs the lenient reading parses (p.lenient > 0, always read
// without evaluating): PHP's syntax for what the reader does not
// evaluate, so that a statement holding one is read to its end.

// lenientChainErr reads again, from at, the chain lenientChain read, for
// its error.
func (p *phpParser) lenientChainErr(at int) error {
	p.i = at
	return p.lenientChain()
}

// lenientChain reads what may follow a value: [index], ->name, ?->name,
// ->name(…), ::NAME, ::$name, ::name(…) and (…), in any number.
func (p *phpParser) lenientChain() error {
	for {
		switch {
		case p.accept("["):
			if !p.peek("]") {
				if _, err := p.expr(); err != nil {
					return err
				}
			}
			if err := p.expect("]"); err != nil {
				return err
			}
		case p.accept("?->"), p.accept("->"), p.accept("::"):
			switch {
			case p.accept("$"):
				if p.ident() == "" {
					return p.errorf("expected a name after '$', found %s", p.found())
				}
			case p.accept("{"):
				if _, err := p.expr(); err != nil {
					return err
				}
				if err := p.expect("}"); err != nil {
					return err
				}
			default:
				if p.ident() == "" {
					return p.errorf("expected a name, found %s", p.found())
				}
			}
		case p.peek("("):
			if _, err := p.args(); err != nil {
				return err
			}
		default:
			return nil
		}
	}
}

// lenientNew reads what follows new: a class (a name, static, self, an
// expression in parentheses or an anonymous class) and its arguments.
func (p *phpParser) lenientNew() error {
	switch {
	case p.accept("("):
		if _, err := p.expr(); err != nil {
			return err
		}
		if err := p.expect(")"); err != nil {
			return err
		}
	case strings.EqualFold(p.peekIdent(), "class"):
		p.ident()
		if p.peek("(") {
			if _, err := p.args(); err != nil {
				return err
			}
		}
		return p.skipDeclaration()
	case p.peek("$"):
		if _, err := p.variableName(); err != nil {
			return err
		}
	default:
		if p.ident() == "" {
			return p.errorf("expected a class name after new, found %s", p.found())
		}
	}
	if p.peek("(") {
		if _, err := p.args(); err != nil {
			return err
		}
	}
	return nil
}

// lenientClosure reads an anonymous function after its keyword (kw
// "function" or "fn"): its parameters, "use (…)", a return type, and its
// body ({…}, or => expression).
func (p *phpParser) lenientClosure(kw string) error {
	p.accept("&")
	if err := p.expect("("); err != nil {
		return err
	}
	if err := p.skipBalanced('(', ')', 1); err != nil {
		return err
	}
	if kw == "function" && strings.EqualFold(p.peekIdent(), "use") {
		p.ident()
		if err := p.expect("("); err != nil {
			return err
		}
		if err := p.skipBalanced('(', ')', 1); err != nil {
			return err
		}
	}
	if p.accept(":") {
		// The return type: ?int, A|B, static, …
		for p.accept("?") || p.accept("|") || p.accept("&") || p.accept("(") || p.accept(")") || p.ident() != "" {
		}
	}
	if kw == "fn" {
		if err := p.expect("=>"); err != nil {
			return err
		}
		_, err := p.expr()
		return err
	}
	if err := p.expect("{"); err != nil {
		return err
	}
	return p.skipBalanced('{', '}', 1)
}

// lenientInterpolation passes over a variable with an index or a
// property inside a double-quoted string or a heredoc, at text[j]
// ("$a[0]", "$a->b", "{$a['k']->c()}"), and returns the bytes it takes.
func lenientInterpolation(text string, j int) (int, error) {
	k := j
	if text[k] == '{' {
		depth := 0
		for ; k < len(text); k++ {
			switch text[k] {
			case '{':
				depth++
			case '}':
				if depth--; depth == 0 {
					return k + 1 - j, nil
				}
			}
		}
		return 0, fmt.Errorf("{$ is not closed in a string")
	}
	k++ // '$'
	for k < len(text) && isIdentByte(text[k]) {
		k++
	}
	switch {
	case k < len(text) && text[k] == '[':
		if e := strings.IndexByte(text[k:], ']'); e >= 0 {
			k += e + 1
		}
	case strings.HasPrefix(text[k:], "->") && k+2 < len(text) && isIdentStart(text[k+2]):
		k += 2
		for k < len(text) && isIdentByte(text[k]) {
			k++
		}
	}
	return k - j, nil
}

// fileError makes err, when there is one, an error of the file.
func fileError(err error) error {
	if err == nil {
		return nil
	}
	var fe *phpFileError
	if _, jump := err.(*phpJump); jump || errors.As(err, &fe) {
		return err
	}
	return &phpFileError{err}
}

// export is what a spec reads of an enum case: its value, or its name for
// a case of a pure enum.
func (c *phpEnumCase) export() any {
	if c.value != nil {
		return c.value
	}
	return c.name
}

// maxPHPExported bounds the constants the classes export, in all (each
// class its own and those it inherits): 4,000,000 took a second.
const maxPHPExported = 1_000_000

// exportClasses adds the constants of the classes, interfaces and enums
// read to out, each class a map by its name (engine.Game.HAND_SIZE): its
// own constants and enum cases, and those it inherits. Each constant is
// evaluated now; one whose value the reader cannot compute is
// unreadable, alone. A class named as a variable or a constant is left
// out (the variable or constant keeps the name); traits, whose constants
// PHP reads only through a class, too. A class of many constants and
// many classes that extend it make many times the file: the classes
// export maxPHPExported constants at most, and what they export counts
// against the reader's budget (an error past either).
func (r *phpReader) exportClasses(out map[string]any) error {
	r.exporting = true
	defer func() { r.exporting = false }()
	exported := 0
	put := func(m map[string]any, name string, v any) {
		exported++
		r.work += 48 + phpSize(v)
		m[name] = export(v)
	}
	// failed are the constants that failed, each exported once, by
	// Class::NAME: every class that inherits one exports it.
	failed := map[string]any{}
	var stop error // a limit of the reader, reached
	putFailed := func(m map[string]any, name, key string, err error) {
		if r.exhausted() {
			stop = err
			return
		}
		if l := r.lazy[key]; l == nil || l.err != err {
			put(m, name, causeOf(err)) // a cycle, too deep: not kept
			return
		}
		u, ok := failed[key]
		if !ok {
			u = export(causeOf(err))
			failed[key] = u
		}
		exported++
		r.work += 64
		m[name] = u
	}
	members := map[string][]string{} // by class: its own constants and static properties ($name)
	add := func(key string) {
		class, name, _ := strings.Cut(key, "::")
		members[class] = append(members[class], name)
	}
	for k := range r.consts {
		if strings.Contains(k, "::") {
			add(k)
		}
	}
	for k := range r.lazy {
		add(k)
	}
	// In order, so that what an error says (the constant a chain too
	// deep stops at) is the same from run to run.
	classes := make([]string, 0, len(r.kinds))
	for class := range r.kinds {
		classes = append(classes, class)
	}
	sort.Strings(classes)
	for _, names := range members {
		sort.Strings(names)
	}
	for _, class := range classes {
		if _, taken := out[class]; taken || r.kinds[class] == "trait" {
			continue
		}
		m := map[string]any{}
		// its static properties, nearest first, and the class each is
		// declared in
		var statics, staticsIn []string
		r.walkAncestors(class, func(c string) bool {
			for _, name := range members[c] {
				if stop != nil {
					break
				}
				if strings.HasPrefix(name, "$") {
					statics, staticsIn = append(statics, name), append(staticsIn, c)
					continue
				}
				if _, done := m[name]; done {
					continue
				}
				// c is the nearest class that has it, as the lookup
				// from class would find: the classes before c in this
				// walk are those the lookup goes through first. Its
				// key is a constant's, evaluated or not.
				key := c + "::" + name
				if v, ok := r.consts[key]; ok {
					put(m, name, v)
				} else if l := r.lazy[key]; l != nil {
					if v, err := r.evalLazy(key, l); err != nil {
						putFailed(m, name, key, err)
					} else {
						put(m, name, v)
					}
				}
			}
			return r.work > maxPHPWork || exported > maxPHPExported || stop != nil
		})
		// A static property is Game.NAME, as a constant is; Game.$NAME
		// when the class has a constant NAME too (PHP's Game::NAME and
		// Game::$NAME are two values).
		done := map[string]bool{}
		for i, name := range statics {
			if done[name] || stop != nil {
				continue
			}
			done[name] = true
			key := name[1:]
			if _, constant := m[key]; constant {
				key = name
			}
			r.statics = append(r.statics, class+"."+key)
			v, ok, err := r.classConst(staticsIn[i], name, true)
			in := staticsIn[i]
			if _, uninit := v.(phpUninit); uninit {
				continue // a typed property never assigned: PHP has no value
			}
			switch {
			case err != nil:
				putFailed(m, key, in+"::"+name, err)
			case ok:
				put(m, key, v)
			}
		}
		if stop != nil {
			return unwrapFileError(stop)
		}
		if exported > maxPHPExported {
			return model.Errorf(r.display, 0, model.MsgEngine, "the classes export more than %d constants in all (each class its own and those it inherits): the reader stops there", maxPHPExported)
		}
		if r.work > maxPHPWork {
			return model.Errorf(r.display, 0, model.MsgEngine, "the classes' constants, each class's own and those it inherits, and the values built exceed 256 MB in all (a constant counted as 64 bytes, as an array element): the reader stops there")
		}
		out[class] = m
	}
	return nil
}

// findExported finds an unreadable value in v, an engine value (maps by
// their keys in order), and its path inside v.
func findExported(v any) (*Unreadable, string) {
	switch x := v.(type) {
	case *Unreadable:
		return x, ""
	case map[string]any:
		keys := make([]string, 0, len(x))
		for k := range x {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			if u, inner := findExported(x[k]); u != nil {
				return u, joinPath(k, inner)
			}
		}
	case []any:
		for i, e := range x {
			if u, inner := findExported(e); u != nil {
				return u, joinPath(strconv.Itoa(i), inner)
			}
		}
	}
	return nil, ""
}

// ancestors are the classes, interfaces and traits class inherits
// constants from, nearest first (as classConst looks them up).
func (r *phpReader) ancestors(class string) []string {
	var out []string
	r.walkAncestors(class, func(c string) bool {
		if c != class {
			out = append(out, c)
		}
		return false
	})
	return out
}

// subPath is the path inner inside the value at p ("" is p itself).
func subPath(p, inner string) string {
	if inner == "" {
		return p
	}
	return joinPath(p, inner)
}
