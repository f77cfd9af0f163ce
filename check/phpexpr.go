package check

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/wikirules/wikirules/internal/phpfmt"
)

// Expressions, by PHP 8's precedence, lowest first: or, xor, and, the
// ternary a ? b : c (and a ?: b), ??, ||, &&, |, ^, &, == != === !== <>
// <=>, < <= > >=, ., << >>, + -, * / %, the prefix operators (! - + ~ and
// the casts), **, then values with their [index] accesses.
//
// What PHP does not evaluate (the right side of && || and or ?? when the
// left one decides, the branch of a ternary not taken) is read without
// being evaluated (p.dry > 0): an unknown constant there is no error, as
// in PHP.

func (p *phpParser) expr() (any, error) {
	return p.nested(func() (any, error) { return p.binary(0) })
}

// assigned reads the value of "$x = …;": "=" binds tighter than and, xor
// and or, so "$x = a or b;" assigns a; b is read (evaluated only when PHP
// would, when a is false) and its result dropped.
func (p *phpParser) assigned() (any, error) {
	v, err := p.nested(func() (any, error) { return p.binary(phpAssignLevel) })
	rest := v
	for level := phpAssignLevel - 1; level >= 0 && err == nil; level-- {
		rest, err = p.operators(level, rest)
	}
	return v, err
}

// nested reads one level of nesting: expressions, prefix operators and **
// recurse per level, bounded by maxPHPDepth.
func (p *phpParser) nested(read func() (any, error)) (any, error) {
	p.depth++
	defer func() { p.depth-- }()
	if p.depth > maxPHPDepth {
		return nil, p.errorf("values nested more than %d deep", maxPHPDepth)
	}
	return read()
}

// side reads what PHP may not evaluate: when skip, without evaluating it.
// It is parsed as PHP parses it (lenient): what the reader does not
// evaluate (a call, an object) is no error where PHP does not evaluate
// it either.
func (p *phpParser) side(skip bool, read func() (any, error)) (any, error) {
	if skip {
		p.dry++
		p.lenient++
		defer func() { p.dry--; p.lenient-- }()
	}
	return read()
}

// eval computes a value unless reading without evaluating; an error is
// reported at at.
func (p *phpParser) eval(at int, compute func() (any, error)) (any, error) {
	if p.dry > 0 {
		return nil, nil
	}
	v, err := compute()
	if err != nil {
		return nil, p.errorAt(at, "%v", err)
	}
	return v, nil
}

// phpLevel is a level of binary operators. special marks the ternary
// ('?') and ?? ('c') levels, which are read their own way.
type phpLevel struct {
	ops      []string
	word     bool // or, xor, and: keywords
	nonAssoc bool // PHP refuses a == b == c and a < b < c
	special  byte
}

// phpAssignLevel is the level of the ternary: "=" binds tighter than the
// levels below it (and, xor, or).
const phpAssignLevel = 3

var phpLevels = []phpLevel{
	{ops: []string{"or"}, word: true},
	{ops: []string{"xor"}, word: true},
	{ops: []string{"and"}, word: true},
	{special: '?'},
	{special: 'c'},
	{ops: []string{"||"}},
	{ops: []string{"&&"}},
	{ops: []string{"|"}},
	{ops: []string{"^"}},
	{ops: []string{"&"}},
	{ops: []string{"==", "!=", "===", "!==", "<>", "<=>"}, nonAssoc: true},
	{ops: []string{"<", "<=", ">", ">="}, nonAssoc: true},
	{ops: []string{"."}},
	{ops: []string{"<<", ">>"}},
	{ops: []string{"+", "-"}},
	{ops: []string{"*", "/", "%"}},
}

// phpOpTokens are PHP's operator tokens of more than one character,
// longest first: the operator that comes next is the longest that matches
// ("||" is not "|", "**" not "*", ".=" not ".").
var phpOpTokens = []string{
	"<=>", "===", "!==", "**=", "...", "<<=", ">>=", "??=", "?->",
	"**", "==", "!=", "<>", "<=", ">=", "&&", "||", "??", "<<", ">>", "+=", "-=", "*=", "/=", ".=", "%=",
	"&=", "|=", "^=", "->", "=>", "::", "++", "--", "?>",
}

// opToken returns the operator at the current position ("" when none).
func (p *phpParser) opToken() string {
	p.skip()
	if p.opAt == p.i+1 {
		return p.opTok
	}
	rest := p.src[p.i:]
	tok := ""
	for _, t := range phpOpTokens {
		if strings.HasPrefix(rest, t) {
			tok = t
			break
		}
	}
	if tok == "" && rest != "" && strings.IndexByte("+-*/%.|^&<>!?:=~", rest[0]) >= 0 {
		tok = rest[:1]
		if tok == "." && len(rest) > 1 && isDigit(rest[1]) {
			tok = "" // a number: .5
		}
	}
	p.opAt, p.opTok = p.i+1, tok
	return tok
}

// binaryOp returns the operator of level l that comes next, if any.
func (p *phpParser) binaryOp(l *phpLevel) string {
	if !l.word {
		tok := p.opToken()
		for _, op := range l.ops {
			if tok == op {
				return op
			}
		}
		return ""
	}
	p.skip()
	rest, op := p.src[p.i:], l.ops[0]
	if len(rest) >= len(op) && strings.EqualFold(rest[:len(op)], op) && (len(rest) == len(op) || !isIdentByte(rest[len(op)])) {
		return op
	}
	return ""
}

func (p *phpParser) binary(level int) (any, error) {
	if level == len(phpLevels) {
		return p.unary()
	}
	l := &phpLevels[level]
	switch l.special {
	case '?':
		return p.ternary(level)
	case 'c':
		return p.coalesce(level)
	}
	left, err := p.binary(level + 1)
	if err != nil {
		return nil, err
	}
	return p.operators(level, left)
}

// operators reads the operators of level that follow left, the operand
// read already.
func (p *phpParser) operators(level int, left any) (any, error) {
	l := &phpLevels[level]
	for {
		op := p.binaryOp(l)
		if op == "" {
			return left, nil
		}
		at := p.i
		p.i += len(op)
		// && and || do not evaluate their right side when the left one
		// decides.
		skip := (op == "&&" || op == "and") && !phpTruthy(left) || (op == "||" || op == "or") && phpTruthy(left)
		right, err := p.side(skip, func() (any, error) { return p.binary(level + 1) })
		if err != nil {
			return nil, err
		}
		if err := p.readable(at, left); err != nil {
			return nil, err
		}
		if err := p.readable(at, right); err != nil {
			return nil, err
		}
		if left, err = p.eval(at, func() (any, error) { return p.operate(op, left, right) }); err != nil {
			return nil, err
		}
		if next := p.binaryOp(l); next != "" && l.nonAssoc {
			return nil, p.errorf("unsupported construct: %s after %s (PHP does not chain comparisons: add parentheses)", next, op)
		}
	}
}

// operate computes a binary operator.
func (p *phpParser) operate(op string, a, b any) (any, error) {
	switch op {
	case "&&", "and":
		return phpTruthy(a) && phpTruthy(b), nil
	case "||", "or":
		return phpTruthy(a) || phpTruthy(b), nil
	case "xor":
		return phpTruthy(a) != phpTruthy(b), nil
	case "==", "!=", "===", "!==", "<>", "<=>", "<", "<=", ">", ">=":
		return phpCompareOp(op, a, b)
	}
	v, err := phpBinary(op, a, b)
	if err != nil {
		return nil, err
	}
	if s, ok := v.(string); ok {
		if err := checkString(int64(len(s))); err != nil {
			return nil, err
		}
	}
	return v, p.r.charge(phpSize(v))
}

// phpNestedTernary names the nested ternaries PHP 8 refuses without
// parentheses (by whether the first and the second are short), with the
// two readings PHP proposes.
var phpNestedTernary = map[[2]bool][3]string{
	{false, false}: {"a ? b : c ? d : e", "(a ? b : c) ? d : e", "a ? b : (c ? d : e)"},
	{false, true}:  {"a ? b : c ?: d", "(a ? b : c) ?: d", "a ? b : (c ?: d)"},
	{true, false}:  {"a ?: b ? c : d", "(a ?: b) ? c : d", "a ?: (b ? c : d)"},
}

// ternary reads a ? b : c and a ?: b; of the two branches only the one
// taken is evaluated. Nested without parentheses they are an error, as in
// PHP 8, except a ?: b ?: c.
func (p *phpParser) ternary(level int) (any, error) {
	v, err := p.binary(level + 1)
	if err != nil {
		return nil, err
	}
	first, prevShort := true, false
	for p.opToken() == "?" {
		at := p.i
		p.i++
		short := p.accept(":")
		if !first && !(short && prevShort) {
			f := phpNestedTernary[[2]bool{prevShort, short}]
			return nil, p.errorAt(at, "unparenthesized `%s` is not supported (PHP 8): use either `%s` or `%s`", f[0], f[1], f[2])
		}
		take := p.dry == 0 && phpTruthy(v)
		if short {
			right, err := p.side(take, func() (any, error) { return p.binary(level + 1) })
			if err != nil {
				return nil, err
			}
			if !take {
				v = right
			}
		} else {
			mid, err := p.side(!take, p.expr)
			if err != nil {
				return nil, err
			}
			if err := p.expect(":"); err != nil {
				return nil, err
			}
			right, err := p.side(take, func() (any, error) { return p.binary(level + 1) })
			if err != nil {
				return nil, err
			}
			if v = right; take {
				v = mid
			}
		}
		first, prevShort = false, short
	}
	return v, nil
}

// coalesce reads a ?? b (right-associative): b when a is null or, for a
// variable or an element, not set; b is not evaluated otherwise.
func (p *phpParser) coalesce(level int) (any, error) {
	p.skip()
	outer := p.coalesceAt
	p.coalesceAt = p.i
	v, err := p.binary(level + 1)
	p.coalesceAt = outer
	if err != nil || p.opToken() != "??" {
		return v, err
	}
	p.i += 2
	_, unset := v.(phpUnset)
	take := p.dry == 0 && !unset && v != nil
	right, err := p.side(take, func() (any, error) {
		return p.nested(func() (any, error) { return p.coalesce(level) })
	})
	if err != nil || take {
		return v, err
	}
	return right, nil
}

func (p *phpParser) unary() (any, error) {
	p.skip()
	at := p.i
	if strings.HasPrefix(p.src[p.i:], "++") || strings.HasPrefix(p.src[p.i:], "--") {
		// ++$i: the value after.
		op := p.src[p.i : p.i+1]
		p.i += 2
		name, err := p.variableName()
		if err != nil {
			return nil, err
		}
		return p.increment(at, name, p.r.value(name), op, true)
	}
	op := p.prefixOp()
	if op == "" {
		return p.pow()
	}
	return p.nested(func() (any, error) {
		v, err := p.unary()
		if err != nil {
			return nil, err
		}
		if err := p.readable(at, v); err != nil {
			return nil, err
		}
		return p.eval(at, func() (any, error) { return phpPrefix(op, v) })
	})
}

// prefixOp reads a prefix operator: ! - + ~ or a cast ("(int)").
func (p *phpParser) prefixOp() string {
	switch tok := p.opToken(); tok {
	case "!", "-", "+", "~":
		p.i++
		return tok
	}
	if t := p.cast(); t != "" {
		return "(" + t + ")"
	}
	return ""
}

// phpCasts are the casts PHP's lexer knows; (object) and (unset) are not
// read.
var phpCasts = map[string]bool{
	"int": true, "integer": true, "float": true, "double": true, "string": true, "binary": true,
	"bool": true, "boolean": true, "array": true, "object": true, "unset": true,
}

// cast reads a cast such as "(int)" and returns its lower-case type (""
// when no cast comes next). PHP allows spaces and tabs inside the
// parentheses, not line breaks.
func (p *phpParser) cast() string {
	if p.i >= len(p.src) || p.src[p.i] != '(' {
		return ""
	}
	j := p.i + 1
	for j < len(p.src) && (p.src[j] == ' ' || p.src[j] == '\t') {
		j++
	}
	k := j
	for k < len(p.src) && isIdentByte(p.src[k]) {
		k++
	}
	t := strings.ToLower(p.src[j:k])
	for k < len(p.src) && (p.src[k] == ' ' || p.src[k] == '\t') {
		k++
	}
	if k >= len(p.src) || p.src[k] != ')' || !phpCasts[t] {
		return ""
	}
	p.i = k + 1
	return t
}

// pow reads a ** b: right-associative, and tighter than the prefix
// operators on its left (-2 ** 2 is -4) but not on its right (2 ** -1).
func (p *phpParser) pow() (any, error) {
	base, err := p.postfix()
	if err != nil || p.opToken() != "**" {
		return base, err
	}
	at := p.i
	p.i += 2
	return p.nested(func() (any, error) {
		exp, err := p.unary()
		if err != nil {
			return nil, err
		}
		if err := p.readable(at, base); err != nil {
			return nil, err
		}
		if err := p.readable(at, exp); err != nil {
			return nil, err
		}
		return p.eval(at, func() (any, error) { return p.operate("**", base, exp) })
	})
}

// postfix reads a value and its [index] accesses. On the left of ?? (the
// chain starts where a ?? level's operand does, and ?? follows it) an
// element or a variable that is not set is no error: PHP's ?? reads it
// as isset() does.
func (p *phpParser) postfix() (any, error) {
	p.skip()
	start := p.i
	coalescing := p.i == p.coalesceAt && p.dry == 0
	v, err := p.primary()
	if err != nil {
		return nil, err
	}
	u, unset := v.(phpUnset)
	if p.lenient > 0 {
		// Read without evaluating: what follows is parsed, and a
		// literal (break 2) keeps its value.
		if at := p.i; p.lenientChain() != nil || p.i != at {
			return nil, p.lenientChainErr(at)
		}
		return v, nil
	}
	for p.peek("[") {
		at := p.i
		p.i++
		k, err := p.side(unset, p.expr)
		if err != nil {
			return nil, err
		}
		if err := p.expect("]"); err != nil {
			return nil, err
		}
		if unset || p.dry > 0 {
			continue
		}
		if v, err = p.index(at, v, k, coalescing); err != nil {
			return nil, err
		}
		u, unset = v.(phpUnset)
	}
	if unset && !(coalescing && p.opToken() == "??") {
		return nil, p.errorAt(u.at, "%s", u.msg)
	}
	if x, ok := v.(*phpUnreadable); ok && p.dry == 0 {
		return nil, p.unreadableErr(start, "the element "+strings.TrimSpace(p.src[start:p.i]), x)
	}
	return v, nil
}

// index reads v[k]. What is not set (a key not in the array, an offset
// past a string's end, an element of a value that has none) is an error,
// or phpUnset where ?? reads it.
func (p *phpParser) index(at int, v, k any, coalescing bool) (any, error) {
	notSet := func(format string, args ...any) (any, error) {
		msg := fmt.Sprintf(format, args...)
		if coalescing {
			return phpUnset{at, msg}, nil
		}
		return nil, p.errorAt(at, "%s", msg)
	}
	switch x := v.(type) {
	case *phpArray:
		key, err := phpArrayKey(k)
		if err != nil {
			return nil, p.errorAt(at, "%v", err)
		}
		if e, ok := x.get(key); ok {
			return e, nil
		}
		return notSet("the array has no element %s", key)
	case string:
		n, isInt := k.(int64)
		if s, ok := k.(string); ok { // "1", as PHP reads an offset
			num := parseNumeric(s)
			n, isInt = num.n, num.numeric() && num.isInt
		}
		if !isInt {
			return nil, p.errorAt(at, "index %v is out of the string %q", k, x)
		}
		if n < 0 { // from the end
			n += int64(len(x))
		}
		if n < 0 || n >= int64(len(x)) {
			return notSet("index %v is out of the string %q", k, x)
		}
		return x[n : n+1], nil
	case nil, bool, int64, float64:
		return notSet("%s has no elements: it cannot be indexed", phpType(v))
	}
	return nil, p.errorAt(at, "%s has no elements: it cannot be indexed", phpType(v))
}

func (p *phpParser) primary() (any, error) {
	p.skip()
	if p.i >= len(p.src) {
		return nil, p.errorf("expected a value, found end of file")
	}
	c := p.src[p.i]
	switch {
	case c == '(':
		p.i++
		v, err := p.expr()
		if err != nil {
			return nil, err
		}
		return v, p.expect(")")
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
		if p.lenient > 0 {
			if strings.HasPrefix(p.src[at:], "$this") {
				p.methodCall(at, p.staticClass("static"), name, false)
			}
			_, err := p.args()
			return nil, err
		}
		return nil, p.errorAt(at, "unsupported construct: a method call $this->%s(…) (constants are read, code is not run)", name)
	}
	v, ok := p.r.variable(name)
	if op := ""; p.accept("++") || p.accept("--") {
		// $i++ (in a loop's $this->cards[$id++] = …): the value before.
		if op = "+"; p.src[p.i-1] == '-' {
			op = "-"
		}
		return p.increment(at, name, v, op, false)
	}
	switch {
	case p.dry > 0:
		return nil, nil
	case !ok && at == p.coalesceAt:
		return phpUnset{at, fmt.Sprintf("%s has no value yet (assign it before it is used)", varRef(name))}, nil
	case !ok:
		return nil, p.errorAt(at, "%s has no value yet (assign it before it is used)", varRef(name))
	}
	if u, ok := v.(*phpUnreadable); ok {
		return nil, p.unreadableErr(at, varRef(name), u)
	}
	return p.copy(at, v)
}

// copy reads a stored value: arrays are values in PHP, so a later element
// assignment to one does not change another read from it. What is copied
// counts against the reader's budget.
func (p *phpParser) copy(at int, v any) (any, error) {
	if p.dry > 0 {
		return nil, nil
	}
	c, size := copyCount(v)
	if err := p.r.charge(size); err != nil {
		return nil, p.errorAt(at, "%v", err)
	}
	return c, nil
}

// word reads what starts with a name: a keyword value, array(…), a
// translation call, a builtin function call, a constant, a class
// constant.
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
		if p.lenient > 0 {
			return nil, p.lenientNew()
		}
		return nil, p.errorAt(start, "object construction (new %s) is not read: constants are read, code is not run", p.ident())
	case "function", "fn":
		if p.lenient > 0 {
			return nil, p.lenientClosure(lw)
		}
		return nil, p.errorAt(start, "unsupported construct: an anonymous function (constants are read, code is not run)")
	case "static":
		if w := strings.ToLower(p.peekIdent()); (w == "fn" || w == "function") && p.lenient > 0 {
			p.ident()
			return nil, p.lenientClosure(w)
		} else if w == "fn" || w == "function" {
			return nil, p.errorAt(start, "unsupported construct: an anonymous function (constants are read, code is not run)")
		}
	case "throw", "clone", "print":
		if p.lenient > 0 {
			_, err := p.expr()
			return nil, err
		}
	case "match":
		if p.peek("(") {
			return p.match(start)
		}
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
		return p.classMember(start, word, lw)
	}
	if p.peek("(") {
		return p.call(start, word)
	}
	if v, ok := p.r.consts[word]; ok {
		if u, ok := v.(*phpUnreadable); ok && p.dry == 0 {
			return nil, p.unreadableErr(start, word, u)
		}
		return p.copy(start, v)
	}
	if v, ok := phpBuiltins[word]; ok {
		return v, nil
	}
	if p.dry > 0 {
		return nil, nil
	}
	return nil, p.errorAt(start, "unknown constant %s (define it before it is used)%s", word, p.missingNote())
}

// classMember reads what follows "Name::": a class constant, a static
// property (Name::$x), an enum case and its ->value or ->name, or
// Name::from(…) and Name::tryFrom(…) of a backed enum.
func (p *phpParser) classMember(start int, word, lw string) (any, error) {
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
		class = p.staticClass(lw)
	case "parent":
		if ps := p.r.parents[p.class]; len(ps) > 0 {
			class = ps[0]
		}
	}
	ref := word + "::" + member
	if p.peek("(") {
		if e, lm := p.r.enums[class], strings.ToLower(member); e != nil && (lm == "from" || lm == "tryfrom") {
			return p.enumFrom(start, ref, e, lm == "tryfrom")
		}
		if p.lenient > 0 {
			p.methodCall(start, class, member, lw == "parent")
			_, err := p.args()
			return nil, err
		}
		return nil, p.errorAt(start, "unsupported construct: a call of %s::%s(…) (only self::_ is read)", word, member)
	}
	v, ok, err := p.r.classConst(class, member, p.dry == 0)
	switch {
	case err != nil:
		return nil, err
	case !ok && p.dry > 0:
		if p.accept("->") || p.accept("?->") {
			p.ident()
		}
		return nil, nil
	case !ok && strings.HasPrefix(member, "$") && start == p.coalesceAt:
		return phpUnset{start, "unknown static property " + ref}, nil
	case !ok && strings.HasPrefix(member, "$"):
		return nil, p.errorAt(start, "access to undeclared static property %s::%s (PHP's Error)%s", word, member, p.missingNote())
	case !ok:
		return nil, p.errorAt(start, "unknown class constant %s::%s (define it before it is used, in this file or one it requires)%s", word, member, p.missingNote())
	}
	if c, ok := v.(*phpEnumCase); ok {
		return p.enumMember(start, ref, c, true)
	}
	if _, uninit := v.(phpUninit); uninit && p.dry == 0 {
		// PHP's Error, but ?? reads it as not set.
		msg := fmt.Sprintf("typed static property %s::%s must not be accessed before initialization (PHP's Error)", class, member)
		if start == p.coalesceAt {
			return phpUnset{start, msg}, nil
		}
		return nil, p.errorAt(start, "%s", msg)
	}
	if u, ok := v.(*phpUnreadable); ok && p.dry == 0 {
		return nil, p.unreadableErr(start, ref, u)
	}
	return p.copy(start, v)
}

// enumMember reads "->value" or "->name" after an enum case (c; nil for
// what tryFrom did not find). A case alone is an object, which the reader
// does not read, except as the whole value of another constant of a class
// or enum (const Wild = self::Spades;, alias).
func (p *phpParser) enumMember(start int, ref string, c *phpEnumCase, alias bool) (any, error) {
	nullsafe := p.peek("?->")
	if !p.accept("->") && !p.accept("?->") {
		switch {
		case p.dry > 0 || c == nil:
			return nil, nil
		case alias && p.class != "" && start == p.aliasAt && (p.peek(";") || p.peek(",")):
			return c, nil
		}
		return nil, p.errorAt(start, "%s is an enum case, an object: read its value with %s->value (or its name with ->name)", ref, ref)
	}
	at := p.i
	prop := p.ident()
	switch {
	case p.dry > 0 || c == nil && nullsafe:
		return nil, nil
	case c == nil:
		return nil, p.errorAt(at, "%s is null (no case has that value): read ->%s with ?->", ref, prop)
	case prop == "name":
		return c.name, nil
	case prop == "value" && p.r.enums[c.enum].backing != "":
		return c.value, nil
	case prop == "value":
		return nil, p.errorAt(at, "%s is a case of the pure enum %s: it has no ->value", ref, c.enum)
	}
	return nil, p.errorAt(at, "%s has no property %s (an enum case has ->name and ->value)", ref, prop)
}

// enumFrom reads Enum::from(value) and Enum::tryFrom(value): the case with
// that value (tryFrom: null when there is none), then its ->value or
// ->name.
func (p *phpParser) enumFrom(start int, ref string, e *phpEnum, try bool) (any, error) {
	args, err := p.args()
	if err != nil {
		return nil, err
	}
	ref += "(…)"
	if p.dry > 0 {
		return p.enumMember(start, ref, nil, false)
	}
	if len(args) != 1 {
		return nil, p.errorAt(start, "%s expects exactly 1 argument, %d given", ref, len(args))
	}
	if err := p.readable(start, args[0]); err != nil {
		return nil, err
	}
	if e.backing == "" {
		return nil, p.errorAt(start, "%s: %s is a pure enum (only a backed enum has from and tryFrom)", ref, e.name)
	}
	var want any
	if e.backing == "int" {
		want, err = phpArgs(args).int(0)
	} else {
		want, err = phpArgs(args).str(0)
	}
	if err != nil {
		return nil, p.errorAt(start, "%s: %v", ref, err)
	}
	found := e.byValue[want]
	if found == nil && !try {
		if s, ok := want.(string); ok {
			want = fmt.Sprintf("%q", s)
		}
		return nil, p.errorAt(start, "%s: %v is not a valid backing value for enum %s", ref, want, e.name)
	}
	return p.enumMember(start, ref, found, false)
}

// call reads name(…): one of PHP's pure builtins (phpFuncs) or
// defined('NAME'), evaluated. A function of the file is code, not run.
func (p *phpParser) call(start int, name string) (any, error) {
	lname := strings.ToLower(name)
	if p.lenient > 0 {
		// Read without running: a variable passed by reference may
		// change, a function of the files may assign static properties.
		if m := p.r.function(lname); m != nil {
			p.noteCall(start, "", lname, false)
			p.refArgs = m.refParams
		} else {
			p.refArgs = phpRefBuiltins[lname]
		}
		_, err := p.args()
		return nil, err
	}
	if d, ok := p.r.funcs[lname]; ok {
		return nil, p.errorAt(start, "%s(…) is a function of the file (%s): user functions are not run (constants are read, code is not run)", name, d)
	}
	f, ok := phpFuncs[lname]
	if lname == "defined" {
		f, ok = phpFunc{1, 1, p.defined}, true
	}
	if !ok {
		return nil, p.errorAt(start, "function call %s(…) cannot be read: only PHP's pure builtins (count, range, array_merge, sprintf, round, …) and clienttranslate, totranslate and _ are", name)
	}
	args, err := p.args()
	if err != nil || p.dry > 0 {
		return nil, err
	}
	for _, a := range args {
		if err := p.readable(start, a); err != nil {
			return nil, err
		}
	}
	if len(args) < f.min || f.max >= 0 && len(args) > f.max {
		return nil, p.errorAt(start, "%s() expects %s, %d given", lname, arity(f, len(args)), len(args))
	}
	v, err := f.fn(args)
	if err == nil {
		err = p.r.charge(phpSize(v))
	}
	if err != nil {
		return nil, p.errorAt(start, "%s(): %v", lname, err)
	}
	return v, nil
}

// defined is defined('NAME'): whether the files read so far define the
// constant (or the class constant 'Class::NAME').
func (p *phpParser) defined(a phpArgs) (any, error) {
	s, err := a.str(0)
	if err != nil {
		return nil, err
	}
	if k := strings.LastIndexByte(s, '\\'); k >= 0 {
		s = s[k+1:] // a namespaced name: constants are kept by their last part
	}
	v, ok := p.r.consts[s]
	if u, unknown := v.(*phpUnreadable); unknown {
		// Assigned where the code's run is not known (if (g()) {
		// define(…); }): whether it is defined is not known either.
		return nil, fmt.Errorf("%s cannot be read, nor whether it is defined: %s (%s)", s, u.cause.Text, u.cause.Location())
	}
	if !ok {
		_, ok = p.r.lazy[s]
	}
	return ok, nil
}

// arity words a builtin's number of arguments as PHP does.
func arity(f phpFunc, n int) string {
	count := func(k int) string {
		if k == 1 {
			return "1 argument"
		}
		return fmt.Sprintf("%d arguments", k)
	}
	switch {
	case f.min == f.max:
		return "exactly " + count(f.min)
	case n < f.min:
		return "at least " + count(f.min)
	}
	return "at most " + count(f.max)
}

// args reads a call's arguments up to ")": values, and lists spread with
// "...". Named arguments are not read.
func (p *phpParser) args() ([]any, error) {
	byRef := p.refArgs
	p.refArgs = false
	if err := p.expect("("); err != nil {
		return nil, err
	}
	var args []any
	for !p.accept(")") {
		p.skip()
		save := p.i
		if id := p.ident(); id != "" && p.peek(":") && !p.peek("::") {
			if p.lenient == 0 {
				return nil, p.errorAt(save, "unsupported construct: the named argument %s: (pass it by its position)", id)
			}
			p.accept(":")
			save = p.i
		}
		p.i = save
		spread := p.accept("...")
		at := p.i
		v, err := p.expr()
		if err != nil {
			return nil, err
		}
		if byRef {
			// Taken by reference: the variable passed may change.
			if t, ok := p.varPath(p.src[at:p.i]); ok {
				p.noteTarget(t.name, false)
			}
		}
		switch arr, ok := v.(*phpArray); {
		case !spread:
			args = append(args, v)
		case p.dry > 0:
		case !ok:
			return nil, p.errorAt(at, "... spreads an array, not %s", phpType(v))
		default:
			for i, k := range arr.keys {
				if !k.isInt {
					return nil, p.errorAt(at, "unsupported construct: ... of the string key %q (a named argument)", k.s)
				}
				args = append(args, arr.vals[i])
			}
		}
		if !p.accept(",") {
			if err := p.expect(")"); err != nil {
				return nil, err
			}
			break
		}
	}
	return args, nil
}

// match reads a match expression (PHP 8): match (subject) { a, b => x,
// default => y }. The conditions are compared with the subject in order,
// by identity (===), until one is; that arm's value is the result, or
// default's when none is (wherever default stands), and with neither it
// is PHP's UnhandledMatchError. What PHP does not evaluate (the conditions
// after the one that matched, the values of the other arms) is read
// without being evaluated, but for one case: a default arm before the arm
// that matches is evaluated all the same (an error in it is reported),
// where reading it again once the other arms are known could make nested
// matches quadratic in the file's size.
func (p *phpParser) match(start int) (any, error) {
	if err := p.expect("("); err != nil {
		return nil, err
	}
	subject, err := p.expr()
	if err != nil {
		return nil, err
	}
	if err := p.expect(")"); err != nil {
		return nil, err
	}
	if err := p.expect("{"); err != nil {
		return nil, err
	}
	var result, dfltValue any
	matched := p.dry > 0 // reading without evaluating: nothing is compared
	hasDefault := false
	for !p.accept("}") {
		if p.i >= len(p.src) {
			return nil, p.errorf("expected \"}\" to close the match, found end of file")
		}
		save := p.i
		isDefault := strings.EqualFold(p.ident(), "default") && p.peek("=>")
		hit := false
		if !isDefault {
			p.i = save
			for {
				c, err := p.side(matched || hit, p.expr)
				if err == nil && !matched && !hit {
					if err = p.readable(start, subject); err == nil {
						err = p.readable(start, c)
					}
				}
				if err != nil {
					return nil, err
				}
				hit = hit || !matched && phpIdentical(subject, c)
				if !p.accept(",") || p.peek("=>") {
					break
				}
			}
		}
		if err := p.expect("=>"); err != nil {
			return nil, err
		}
		v, err := p.side(!hit && !(isDefault && !matched), p.expr)
		if err != nil {
			return nil, err
		}
		switch {
		case hit:
			result, matched = v, true
		case isDefault:
			dfltValue, hasDefault = v, true
		}
		if !p.accept(",") && !p.peek("}") {
			return nil, p.errorf("expected \",\" or \"}\" after a match arm, found %s", p.found())
		}
	}
	switch {
	case p.dry > 0:
		return nil, nil
	case matched:
		return result, nil
	case hasDefault:
		return dfltValue, nil
	}
	return nil, p.errorAt(start, "the match has no arm for %s (PHP's UnhandledMatchError)", matchSubject(subject))
}

// matchSubject shows a match's subject in its error: the value when it is
// a scalar, its type otherwise.
func matchSubject(v any) string {
	switch x := v.(type) {
	case string:
		return strconv.Quote(x)
	case int64:
		return strconv.FormatInt(x, 10)
	case float64:
		return phpfmt.Float(x)
	case bool:
		return strconv.FormatBool(x)
	case nil:
		return "null"
	}
	return phpType(v)
}

// increment steps $name (holding old) by one up (op "+") or down ("-")
// and returns the value after (pre) or before: PHP's ++$i and $i++ in an
// expression. Read without evaluating, it changes nothing.
func (p *phpParser) increment(at int, name string, old any, op string, pre bool) (any, error) {
	if p.dry > 0 {
		p.noteTarget(name, false)
		return nil, nil
	}
	if u, ok := old.(*phpUnreadable); ok {
		return nil, p.unreadableErr(at, varRef(name), u)
	}
	v, err := phpIncrement(old, op)
	if err == nil {
		err = p.r.charge(phpSize(v))
	}
	if err != nil {
		return nil, p.errorAt(at, "%v", err)
	}
	p.setVar(name, v)
	if pre {
		return v, nil
	}
	return old, nil
}
