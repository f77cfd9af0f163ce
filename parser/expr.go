package parser

import (
	"math"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/wikirules/wikirules/internal/phpfmt"
)

// The expression language of ParserFunctions' #expr and #ifexpr, ported
// from its ExprParser.php (a shunting-yard evaluator) so that results and
// error messages are the ones MediaWiki shows: numbers (a run of digits
// and points, read as PHP reads it), e and pi, + - * / div mod fmod ^
// round e, comparisons (= != <> < > <= >=), and, or, not, the unary
// functions (abs floor ceil trunc ln exp sqrt sin cos tan asin acos atan)
// and parentheses. A comparison or logical operator gives the integer 1
// or 0; mod and trunc give integers too, which print without an exponent.

// exprOp is one of ExprParser's operators.
type exprOp uint8

const (
	opNone exprOp = iota
	opNegative
	opPositive
	opPlus
	opMinus
	opTimes
	opDivide
	opMod
	opFmod
	opOpen
	opAnd
	opOr
	opNot
	opEquality
	opLess
	opGreater
	opLessEq
	opGreaterEq
	opNotEq
	opRound
	opExponent
	opSine
	opCosine
	opTangens
	opArcsine
	opArccos
	opArctan
	opExp
	opLn
	opAbs
	opFloor
	opTrunc
	opCeil
	opPow
	opSqrt
)

// exprPrecedence is ExprParser::PRECEDENCE (the open bracket lowest).
var exprPrecedence = [...]int8{
	opNegative: 10, opPositive: 10, opExponent: 10,
	opSine: 9, opCosine: 9, opTangens: 9, opArcsine: 9, opArccos: 9, opArctan: 9, opExp: 9, opLn: 9,
	opAbs: 9, opFloor: 9, opTrunc: 9, opCeil: 9, opNot: 9, opSqrt: 9,
	opPow:   8,
	opTimes: 7, opDivide: 7, opMod: 7, opFmod: 7,
	opPlus: 6, opMinus: 6,
	opRound:    5,
	opEquality: 4, opLess: 4, opGreater: 4, opLessEq: 4, opGreaterEq: 4, opNotEq: 4,
	opAnd:  3,
	opOr:   2,
	opOpen: -1,
}

// exprNames is ExprParser::NAMES, for messages.
var exprNames = [...]string{
	opNegative: "-", opPositive: "+", opNot: "not", opTimes: "*", opDivide: "/", opMod: "mod", opFmod: "fmod",
	opPlus: "+", opMinus: "-", opRound: "round", opEquality: "=", opLess: "<", opGreater: ">", opLessEq: "<=",
	opGreaterEq: ">=", opNotEq: "<>", opAnd: "and", opOr: "or", opExponent: "e", opSine: "sin", opCosine: "cos",
	opTangens: "tan", opArcsine: "asin", opArccos: "acos", opArctan: "atan", opLn: "ln", opExp: "exp", opAbs: "abs",
	opFloor: "floor", opTrunc: "trunc", opCeil: "ceil", opPow: "^", opSqrt: "sqrt",
}

// exprWords is ExprParser::WORDS ("pi" is read apart).
var exprWords = map[string]exprOp{
	"mod": opMod, "fmod": opFmod, "and": opAnd, "or": opOr, "not": opNot, "round": opRound, "div": opDivide,
	"e": opExponent, "sin": opSine, "cos": opCosine, "tan": opTangens, "asin": opArcsine, "acos": opArccos,
	"atan": opArctan, "exp": opExp, "ln": opLn, "abs": opAbs, "trunc": opTrunc, "floor": opFloor, "ceil": opCeil,
	"sqrt": opSqrt,
}

// exprSingle maps the one-byte binary operators to theirs.
var exprSingle = [256]exprOp{'*': opTimes, '/': opDivide, '^': opPow, '=': opEquality, '<': opLess, '>': opGreater}

// exprMaxStack is ExprParser::MAX_STACK_SIZE.
const exprMaxStack = 100

// exprValue is a PHP number: an integer or a float.
type exprValue struct {
	f     float64
	i     int64
	isInt bool
}

func floatVal(f float64) exprValue { return exprValue{f: f} }
func intVal(i int64) exprValue     { return exprValue{i: i, isInt: true} }

func boolVal(b bool) exprValue {
	if b {
		return intVal(1)
	}
	return intVal(0)
}

func (v exprValue) float() float64 {
	if v.isInt {
		return float64(v.i)
	}
	return v.f
}

// toInt is PHP's (int) of a number on 64 bits: 0 for NaN and the
// infinities, a float out of range taken modulo 2^64 (1e20 is
// 7766279631452241920).
func (v exprValue) toInt() int64 {
	if v.isInt {
		return v.i
	}
	d := v.f
	if math.IsNaN(d) || math.IsInf(d, 0) {
		return 0
	}
	if d >= -9.223372036854775808e18 && d < 9.223372036854775808e18 {
		return int64(d)
	}
	const two64, two63 = 18446744073709551616.0, 9223372036854775808.0
	m := math.Mod(d, two64)
	if m < 0 {
		if m == -two63 {
			return math.MinInt64
		}
		m += two64
	}
	if m >= two63 {
		m -= two64
	}
	return int64(m)
}

func (v exprValue) truthy() bool {
	if v.isInt {
		return v.i != 0
	}
	return v.f != 0
}

// String is PHP's conversion of the number to a string (precision 14).
func (v exprValue) String() string {
	if v.isInt {
		return strconv.FormatInt(v.i, 10)
	}
	return phpfmt.Float(v.f)
}

// exprError is an ExprError: its message is what #expr shows.
type exprError struct{ msg string }

func (e *exprError) Error() string { return e.msg }

func exprFail(msg string) error { return &exprError{msg} }

var exprUnescape = strings.NewReplacer("&lt;", "<", "&gt;", ">", "&minus;", "-", "−", "-")

// evalExpr evaluates expr as ExprParser::doExpression does. The result is
// the text #expr writes: "" for an empty expression, the operands left
// joined by "<br />\n" in the odd case of several.
func evalExpr(expr string) (string, error) {
	expr = exprUnescape.Replace(expr)
	var operands []exprValue
	var operators []exprOp
	// reduce applies the operators on top of the stack while more says so.
	reduce := func(more func(top exprOp) bool) error {
		for len(operators) > 0 && more(operators[len(operators)-1]) {
			var err error
			if operands, err = exprApply(operators[len(operators)-1], operands); err != nil {
				return err
			}
			operators = operators[:len(operators)-1]
		}
		return nil
	}
	expecting := true // an expression (not an operator) is expected
	for p := 0; p < len(expr); {
		if len(operands) > exprMaxStack || len(operators) > exprMaxStack {
			return "", exprFail("Expression error: Stack exhausted.")
		}
		c := expr[p]
		var op exprOp
		var name string
		switch {
		case c == ' ' || c == '\t' || c == '\r' || c == '\n':
			p++
			continue
		case c >= '0' && c <= '9' || c == '.':
			if !expecting {
				return "", exprFail("Expression error: Unexpected number.")
			}
			j := p
			for j < len(expr) && (expr[j] >= '0' && expr[j] <= '9' || expr[j] == '.') {
				j++
			}
			operands = append(operands, floatVal(phpNumberPrefix(expr[p:j])))
			p = j
			expecting = false
			continue
		case c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z':
			j := p
			for j < len(expr) && (expr[j] >= 'a' && expr[j] <= 'z' || expr[j] >= 'A' && expr[j] <= 'Z') {
				j++
			}
			word := strings.ToLower(expr[p:j])
			p = j
			if word == "pi" {
				if !expecting {
					return "", exprFail("Expression error: Unexpected number.")
				}
				operands = append(operands, floatVal(math.Pi))
				expecting = false
				continue
			}
			w, ok := exprWords[word]
			if !ok {
				return "", exprFail(`Expression error: Unrecognized word "` + word + `".`)
			}
			switch w {
			case opExponent:
				if expecting {
					operands = append(operands, floatVal(math.E))
					expecting = false
					continue
				}
			case opNot, opSine, opCosine, opTangens, opArcsine, opArccos, opArctan, opExp, opLn, opAbs, opFloor, opTrunc, opCeil, opSqrt:
				if !expecting {
					return "", exprFail("Expression error: Unexpected " + word + " operator.")
				}
				operators = append(operators, w)
				continue
			}
			op, name = w, word
		case strings.HasPrefix(expr[p:], "<="):
			op, name = opLessEq, "<="
			p += 2
		case strings.HasPrefix(expr[p:], ">="):
			op, name = opGreaterEq, ">="
			p += 2
		case strings.HasPrefix(expr[p:], "<>") || strings.HasPrefix(expr[p:], "!="):
			op, name = opNotEq, expr[p:p+2]
			p += 2
		case c == '+' || c == '-':
			p++
			if expecting {
				if c == '+' {
					operators = append(operators, opPositive)
				} else {
					operators = append(operators, opNegative)
				}
				continue
			}
			op, name = opPlus, "+"
			if c == '-' {
				op, name = opMinus, "-"
			}
		case c == '(':
			if !expecting {
				return "", exprFail("Expression error: Unexpected ( operator.")
			}
			operators = append(operators, opOpen)
			p++
			continue
		case c == ')':
			if err := reduce(func(top exprOp) bool { return top != opOpen }); err != nil {
				return "", err
			}
			if len(operators) == 0 {
				return "", exprFail("Expression error: Unexpected closing bracket.")
			}
			operators = operators[:len(operators)-1]
			expecting = false
			p++
			continue
		case exprSingle[c] != opNone:
			// * / ^ = < > (after <= >= <> above).
			op, name = exprSingle[c], expr[p:p+1]
			p++
		default:
			r, _ := utf8.DecodeRuneInString(expr[p:])
			return "", exprFail(`Expression error: Unrecognized punctuation character "` + string(r) + `".`)
		}
		// A binary operator.
		if expecting {
			return "", exprFail("Expression error: Unexpected " + name + " operator.")
		}
		if err := reduce(func(top exprOp) bool { return exprPrecedence[op] <= exprPrecedence[top] }); err != nil {
			return "", err
		}
		operators = append(operators, op)
		expecting = true
	}
	for len(operators) > 0 {
		op := operators[len(operators)-1]
		operators = operators[:len(operators)-1]
		if op == opOpen {
			return "", exprFail("Expression error: Unclosed bracket.")
		}
		var err error
		if operands, err = exprApply(op, operands); err != nil {
			return "", err
		}
	}
	parts := make([]string, len(operands))
	for i, v := range operands {
		parts[i] = v.String()
	}
	return strings.Join(parts, "<br />\n"), nil
}

// exprTruth evaluates expr for #ifexpr: whether its value is true (a
// number not 0; another result when not "" and not "0", as PHP has it).
func exprTruth(expr string) (bool, error) {
	s, err := evalExpr(expr)
	if err != nil {
		return false, err
	}
	if v, perr := strconv.ParseFloat(s, 64); perr == nil {
		return v != 0, nil
	}
	return s != "" && s != "0", nil
}

// exprApply is ExprParser::doOperation.
func exprApply(op exprOp, stack []exprValue) ([]exprValue, error) {
	unary := op == opNegative || op == opPositive || op == opNot || op >= opSine && op <= opCeil && op != opPow || op == opSqrt
	need := 2
	if unary {
		need = 1
	}
	if len(stack) < need {
		return stack, exprFail("Expression error: Missing operand for " + exprNames[op] + ".")
	}
	if unary {
		a := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		x := a.float()
		var r exprValue
		switch op {
		case opNegative:
			if a.isInt {
				r = intVal(-a.i)
			} else {
				r = floatVal(-a.f)
			}
		case opPositive:
			r = a
		case opNot:
			r = boolVal(!a.truthy())
		case opSine:
			r = floatVal(math.Sin(x))
		case opCosine:
			r = floatVal(math.Cos(x))
		case opTangens:
			r = floatVal(math.Tan(x))
		case opArcsine, opArccos:
			if x < -1 || x > 1 {
				return stack, exprFail("Invalid argument for " + exprNames[op] + ": < -1 or > 1.")
			}
			if op == opArcsine {
				r = floatVal(math.Asin(x))
			} else {
				r = floatVal(math.Acos(x))
			}
		case opArctan:
			r = floatVal(math.Atan(x))
		case opExp:
			r = floatVal(math.Exp(x))
		case opLn:
			if x <= 0 {
				return stack, exprFail("Invalid argument for ln: <= 0.")
			}
			r = floatVal(math.Log(x))
		case opAbs:
			if a.isInt {
				r = intVal(max(a.i, -a.i))
			} else {
				r = floatVal(math.Abs(x))
			}
		case opFloor:
			r = floatVal(math.Floor(x))
		case opTrunc:
			r = intVal(a.toInt())
		case opCeil:
			r = floatVal(math.Ceil(x))
		case opSqrt:
			s := math.Sqrt(x)
			if math.IsNaN(s) {
				return stack, exprFail("In sqrt: Result is not a number.")
			}
			r = floatVal(s)
		}
		return append(stack, r), nil
	}
	a, b := stack[len(stack)-2], stack[len(stack)-1]
	stack = stack[:len(stack)-2]
	x, y := a.float(), b.float()
	var r exprValue
	switch op {
	case opTimes:
		r = phpArith(a, b, func(p, q int64) (int64, bool) { return mulOverflow(p, q) }, x*y)
	case opPlus:
		r = phpArith(a, b, func(p, q int64) (int64, bool) { s := p + q; return s, (s > p) == (q > 0) }, x+y)
	case opMinus:
		r = phpArith(a, b, func(p, q int64) (int64, bool) { s := p - q; return s, (s < p) == (q > 0) }, x-y)
	case opDivide:
		if !b.truthy() {
			return stack, exprFail("Division by zero.")
		}
		if a.isInt && b.isInt && a.i%b.i == 0 && !(a.i == math.MinInt64 && b.i == -1) {
			r = intVal(a.i / b.i)
		} else {
			r = floatVal(x / y)
		}
	case opMod:
		p, q := a.toInt(), b.toInt()
		if q == 0 {
			return stack, exprFail("Division by zero.")
		}
		if q == -1 {
			r = intVal(0)
		} else {
			r = intVal(p % q)
		}
	case opFmod:
		if y == 0 {
			return stack, exprFail("Division by zero.")
		}
		r = floatVal(math.Mod(x, y))
	case opAnd:
		r = boolVal(a.truthy() && b.truthy())
	case opOr:
		r = boolVal(a.truthy() || b.truthy())
	case opEquality:
		r = boolVal(x == y)
	case opNotEq:
		r = boolVal(x != y)
	case opLess:
		r = boolVal(x < y)
	case opGreater:
		r = boolVal(x > y)
	case opLessEq:
		r = boolVal(x <= y)
	case opGreaterEq:
		r = boolVal(x >= y)
	case opRound:
		r = phpRound(a, b.toInt())
	case opExponent:
		r = floatVal(x * math.Pow(10, y))
	case opPow:
		r = phpPow(a, b)
	}
	return append(stack, r), nil
}

// phpArith is PHP's + - * on two numbers: integers stay integers unless
// the result overflows.
func phpArith(a, b exprValue, ints func(p, q int64) (int64, bool), float float64) exprValue {
	if a.isInt && b.isInt {
		if v, ok := ints(a.i, b.i); ok {
			return intVal(v)
		}
	}
	return floatVal(float)
}

func mulOverflow(p, q int64) (int64, bool) {
	if p == 0 || q == 0 {
		return 0, true
	}
	v := p * q
	return v, v/q == p && !(p == -1 && q == math.MinInt64) && !(q == -1 && p == math.MinInt64)
}

// phpPow is PHP's pow: an integer for integer operands when exact.
func phpPow(a, b exprValue) exprValue {
	if a.isInt && b.isInt && b.i >= 0 {
		r, base, e := int64(1), a.i, b.i
		ok := true
		for ; e > 0 && ok; e-- {
			r, ok = mulOverflow(r, base)
		}
		if ok {
			return intVal(r)
		}
	}
	return floatVal(math.Pow(a.float(), b.float()))
}

// phpRound is PHP's round(value, digits): half away from zero, with PHP's
// check that the value scaled is not already off by a rounding error.
func phpRound(v exprValue, digits int64) exprValue {
	if v.isInt && digits >= 0 {
		return floatVal(float64(v.i))
	}
	x := v.float()
	if math.IsNaN(x) || math.IsInf(x, 0) || x == 0 {
		return floatVal(x)
	}
	digits = max(min(digits, 308), -308)
	f := math.Pow(10, math.Abs(float64(digits)))
	var scaled float64
	if digits >= 0 {
		scaled = x * f
	} else {
		scaled = x / f
	}
	if math.IsInf(scaled, 0) {
		return floatVal(x)
	}
	// Values a hair below .5 after scaling round as PHP's pre-rounding
	// does: to 15 significant digits first.
	if pre, err := strconv.ParseFloat(strconv.FormatFloat(scaled, 'g', 15, 64), 64); err == nil {
		scaled = pre
	}
	r := math.Round(scaled)
	if digits >= 0 {
		r /= f
	} else {
		r *= f
	}
	if math.IsInf(r, 0) || math.IsNaN(r) {
		return floatVal(x)
	}
	return floatVal(r)
}

// phpNumberPrefix is PHP's (float) of a run of digits and points: the
// longest prefix that is a number ("1.2.3" is 1.2, "." is 0).
func phpNumberPrefix(s string) float64 {
	if i := strings.IndexByte(s, '.'); i >= 0 {
		if j := strings.IndexByte(s[i+1:], '.'); j >= 0 {
			s = s[:i+1+j]
		}
	}
	if s == "." || s == "" {
		return 0
	}
	v, err := strconv.ParseFloat(s, 64)
	if err != nil {
		return 0
	}
	return v
}
