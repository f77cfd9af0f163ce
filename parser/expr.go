package parser

import (
	"errors"
	"math"
	"strconv"
	"strings"
)

// evalExpr evaluates a ParserFunctions #expr expression: numbers, e, pi,
// + - * / div mod ^ round, comparisons (= != <> < > <= >=), and, or, not,
// unary functions (abs floor ceil trunc ln exp sqrt sin cos tan), and
// parentheses. Comparisons and logic give 1 or 0.
func evalExpr(s string) (float64, error) {
	if strings.TrimSpace(s) == "" {
		return 0, nil
	}
	p := &exprParser{src: strings.ToLower(s)}
	p.next()
	v, err := p.parse(0)
	if err != nil {
		return 0, err
	}
	if p.tok.kind != tokEOF {
		return 0, exprUnexpected(p.tok.text)
	}
	return v, nil
}

type exprTokKind uint8

const (
	tokEOF exprTokKind = iota
	tokNum
	tokOp
	tokLParen
	tokRParen
)

type exprTok struct {
	kind exprTokKind
	text string
	num  float64
}

type exprParser struct {
	src   string
	i     int
	tok   exprTok
	depth int
}

var exprWords = []string{"round", "mod", "div", "and", "not", "abs", "floor", "ceil", "trunc", "sqrt", "exp", "sin", "cos", "tan", "or", "ln", "pi", "e"}

func (p *exprParser) next() {
	s := p.src
	for p.i < len(s) && (s[p.i] == ' ' || s[p.i] == '\t' || s[p.i] == '\n') {
		p.i++
	}
	if p.i >= len(s) {
		p.tok = exprTok{kind: tokEOF}
		return
	}
	c := s[p.i]
	switch {
	case c >= '0' && c <= '9' || c == '.':
		j := p.i
		for j < len(s) && (s[j] >= '0' && s[j] <= '9' || s[j] == '.') {
			j++
		}
		v, err := strconv.ParseFloat(s[p.i:j], 64)
		if err != nil {
			p.tok = exprTok{kind: tokOp, text: s[p.i:j]}
		} else {
			p.tok = exprTok{kind: tokNum, num: v, text: s[p.i:j]}
		}
		p.i = j
		return
	case c == '(':
		p.i++
		p.tok = exprTok{kind: tokLParen, text: "("}
		return
	case c == ')':
		p.i++
		p.tok = exprTok{kind: tokRParen, text: ")"}
		return
	}
	for _, op := range []string{"<=", ">=", "!=", "<>", "+", "-", "*", "/", "^", "=", "<", ">"} {
		if strings.HasPrefix(s[p.i:], op) {
			p.i += len(op)
			p.tok = exprTok{kind: tokOp, text: op}
			return
		}
	}
	for _, w := range exprWords {
		if strings.HasPrefix(s[p.i:], w) {
			p.i += len(w)
			p.tok = exprTok{kind: tokOp, text: w}
			return
		}
	}
	p.tok = exprTok{kind: tokOp, text: string(c)}
	p.i++
}

var binPrec = map[string]int{
	"or": 2, "and": 3,
	"=": 4, "!=": 4, "<>": 4, "<": 4, ">": 4, "<=": 4, ">=": 4,
	"round": 5,
	"+":     6, "-": 6,
	"*": 7, "/": 7, "div": 7, "mod": 7,
	"^": 8,
	"e": 10,
}

func (p *exprParser) parse(minPrec int) (float64, error) {
	p.depth++
	defer func() { p.depth-- }()
	if p.depth > 200 {
		return 0, errors.New("Expression error: Stack exhausted.")
	}
	left, err := p.unary()
	if err != nil {
		return 0, err
	}
	for p.tok.kind == tokOp {
		op := p.tok.text
		prec, ok := binPrec[op]
		if !ok || prec < minPrec {
			break
		}
		p.next()
		next := prec + 1
		if op == "^" {
			next = prec // right associative
		}
		right, err := p.parse(next)
		if err != nil {
			return 0, err
		}
		if left, err = applyBinary(op, left, right); err != nil {
			return 0, err
		}
	}
	return left, nil
}

func (p *exprParser) unary() (float64, error) {
	t := p.tok
	switch t.kind {
	case tokNum:
		p.next()
		return t.num, nil
	case tokLParen:
		p.next()
		v, err := p.parse(0)
		if err != nil {
			return 0, err
		}
		if p.tok.kind != tokRParen {
			return 0, errors.New("Expression error: Unclosed bracket.")
		}
		p.next()
		return v, nil
	case tokOp:
		switch t.text {
		case "e":
			p.next()
			return math.E, nil
		case "pi":
			p.next()
			return math.Pi, nil
		case "-", "+", "not", "abs", "floor", "ceil", "trunc", "ln", "exp", "sqrt", "sin", "cos", "tan":
			p.next()
			v, err := p.parse(9)
			if err != nil {
				return 0, err
			}
			return applyUnary(t.text, v)
		}
		return 0, errors.New("Expression error: Unexpected " + t.text + " operator.")
	case tokEOF:
		return 0, errors.New("Expression error: Missing operand.")
	}
	return 0, exprUnexpected(t.text)
}

func applyUnary(op string, v float64) (float64, error) {
	switch op {
	case "-":
		return -v, nil
	case "+":
		return v, nil
	case "not":
		return b2f(v == 0), nil
	case "abs":
		return math.Abs(v), nil
	case "floor":
		return math.Floor(v), nil
	case "ceil":
		return math.Ceil(v), nil
	case "trunc":
		return math.Trunc(v), nil
	case "ln":
		if v <= 0 {
			return 0, errors.New("Invalid argument for ln: <= 0.")
		}
		return math.Log(v), nil
	case "exp":
		return math.Exp(v), nil
	case "sqrt":
		if v < 0 {
			return 0, errors.New("invalid argument for sqrt")
		}
		return math.Sqrt(v), nil
	case "sin":
		return math.Sin(v), nil
	case "cos":
		return math.Cos(v), nil
	case "tan":
		return math.Tan(v), nil
	}
	return 0, errors.New("unknown operator " + op)
}

func applyBinary(op string, a, b float64) (float64, error) {
	switch op {
	case "+":
		return a + b, nil
	case "-":
		return a - b, nil
	case "*":
		return a * b, nil
	case "/", "div":
		if b == 0 {
			return 0, errors.New("Division by zero.")
		}
		return a / b, nil
	case "mod":
		ai, bi := int64(a), int64(b)
		if bi == 0 {
			return 0, errors.New("Division by zero.")
		}
		return float64(ai % bi), nil
	case "^":
		return math.Pow(a, b), nil
	case "e":
		return a * math.Pow(10, b), nil
	case "round":
		f := math.Pow(10, math.Trunc(b))
		return math.Round(a*f) / f, nil
	case "=":
		return b2f(a == b), nil
	case "!=", "<>":
		return b2f(a != b), nil
	case "<":
		return b2f(a < b), nil
	case ">":
		return b2f(a > b), nil
	case "<=":
		return b2f(a <= b), nil
	case ">=":
		return b2f(a >= b), nil
	case "and":
		return b2f(a != 0 && b != 0), nil
	case "or":
		return b2f(a != 0 || b != 0), nil
	}
	return 0, errors.New("unknown operator " + op)
}

func b2f(b bool) float64 {
	if b {
		return 1
	}
	return 0
}

// exprUnexpected is ParserFunctions' message for a token out of place.
func exprUnexpected(tok string) error {
	switch {
	case tok == ")":
		return errors.New("Expression error: Unexpected closing bracket.")
	case tok != "" && (tok[0] >= '0' && tok[0] <= '9' || tok[0] == '.'):
		return errors.New("Expression error: Unexpected number.")
	}
	return errors.New("Expression error: Unexpected " + tok + " operator.")
}
