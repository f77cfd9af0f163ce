package check

import (
	"fmt"
	"math"
	"math/big"
	"strconv"
	"strings"

	"github.com/wikirules/wikirules/internal/phpfmt"
)

// PHP 8's conversions and comparisons of the values the reader has (int64,
// float64, string, bool, nil, *phpArray), done as the engine does them
// (Zend's zend_operators.c), so that a cast, a comparison or a builtin
// reads the value PHP computes. Where PHP only warns and goes on (an array
// read as "Array"), the reader stops with an error instead.

// phpEnumCase is a case of an enum: an object in PHP, read through its
// ->name and ->value.
type phpEnumCase struct {
	enum, name string
	value      any // nil for a pure enum's case
}

// phpEnum is an enum's backing type ("int", "string", or "" for a pure
// enum) and its cases in order.
type phpEnum struct {
	name, backing string
	cases         []*phpEnumCase
	// byValue are a backed enum's cases by their values (an int64 or a
	// string): a case's value is checked against the others', and from
	// and tryFrom find one, without going through them all.
	byValue map[any]*phpEnumCase
}

// phpUnset is a variable or element that is not set, read where a ??
// follows: ?? then yields its right side, as PHP's isset() is false.
// Anywhere else reading it is the error msg at at.
type phpUnset struct {
	at  int
	msg string
}

// isNumericSpace reports whether c is white space PHP allows around a
// numeric string (" 12\n" is numeric). Not trim()'s set, which the parser
// has: that one has NUL and not the form feed.
func isNumericSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f'
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

// phpNumeric is what PHP reads of a string as a number (its
// _is_numeric_string_ex): the number at its start, after white space.
type phpNumeric struct {
	ok    bool // a number starts the string
	whole bool // and only white space follows it: a numeric string
	isInt bool
	n     int64
	f     float64 // the value as a float (strtod's)
	oflow int     // an integer beyond int64 (read as f): its sign
}

func (n phpNumeric) numeric() bool { return n.ok && n.whole }

func (n phpNumeric) value() any {
	if n.isInt {
		return n.n
	}
	return n.f
}

func parseNumeric(s string) (r phpNumeric) {
	i := 0
	for i < len(s) && isNumericSpace(s[i]) {
		i++
	}
	start := i
	if i < len(s) && (s[i] == '+' || s[i] == '-') {
		i++
	}
	intStart := i
	for i < len(s) && isDigit(s[i]) {
		i++
	}
	intEnd := i
	isFloat := false
	if i < len(s) && s[i] == '.' && (intEnd > intStart || i+1 < len(s) && isDigit(s[i+1])) {
		isFloat = true
		i++
		for i < len(s) && isDigit(s[i]) {
			i++
		}
	}
	if intEnd == intStart && !isFloat {
		return r
	}
	if i < len(s) && (s[i] == 'e' || s[i] == 'E') {
		k := i + 1
		if k < len(s) && (s[k] == '+' || s[k] == '-') {
			k++
		}
		if k < len(s) && isDigit(s[k]) {
			isFloat = true
			for i = k; i < len(s) && isDigit(s[i]); i++ {
			}
		}
	}
	r.ok = true
	end := i
	for i < len(s) && isNumericSpace(s[i]) {
		i++
	}
	r.whole = i == len(s)
	num := s[start:end]
	r.f, _ = strconv.ParseFloat(num, 64) // as strtod: ±Inf beyond the range, -0
	sig := intEnd - intStart             // digits past the leading zeros
	for k := intStart; k < intEnd && s[k] == '0'; k++ {
		sig--
	}
	if !isFloat && sig < 20 {
		if n, err := strconv.ParseInt(num, 10, 64); err == nil {
			r.isInt, r.n = true, n
			return r
		}
	}
	if !isFloat || sig >= 20 {
		// An integer too large for int64 (PHP counts 20 digits or more so
		// even with a fraction).
		r.oflow = 1
		if s[start] == '-' {
			r.oflow = -1
		}
	}
	return r
}

// phpFloatToInt is PHP's (int) of a float: truncated, modulo 2^64 beyond
// the integers, 0 for NAN and INF.
func phpFloatToInt(f float64) int64 {
	if math.IsNaN(f) || math.IsInf(f, 0) {
		return 0
	}
	if f >= -(1<<63) && f < 1<<63 {
		return int64(f)
	}
	m := math.Mod(f, 1<<64)
	if m < 0 {
		m += 1 << 64
	}
	return int64(uint64(m))
}

// phpToInt is PHP's (int): strings by the number they start with ("12abc"
// is 12, a float string beyond the integers the nearest end), arrays 0 or
// 1.
func phpToInt(v any) (int64, error) {
	switch x := v.(type) {
	case nil:
		return 0, nil
	case bool:
		if x {
			return 1, nil
		}
		return 0, nil
	case int64:
		return x, nil
	case float64:
		return phpFloatToInt(x), nil
	case string:
		n := parseNumeric(x)
		switch {
		case !n.ok, math.IsNaN(n.f), math.IsInf(n.f, 0):
			return 0, nil
		case n.isInt:
			return n.n, nil
		case n.f >= 1<<63:
			return math.MaxInt64, nil
		case n.f < -(1 << 63):
			return math.MinInt64, nil
		}
		return int64(n.f), nil
	case *phpArray:
		if len(x.keys) > 0 {
			return 1, nil
		}
		return 0, nil
	}
	return 0, fmt.Errorf("%s cannot be converted to an integer", phpType(v))
}

// phpToFloat is PHP's (float).
func phpToFloat(v any) (float64, error) {
	switch x := v.(type) {
	case int64:
		return float64(x), nil
	case float64:
		return x, nil
	case string:
		return parseNumeric(x).f, nil // 0 when no number starts it
	}
	n, err := phpToInt(v)
	return float64(n), err
}

// phpToArray is PHP's (array): a scalar is wrapped, null is empty.
func phpToArray(v any) *phpArray {
	if a, ok := v.(*phpArray); ok {
		return a
	}
	a := &phpArray{}
	if v != nil {
		a.push(v)
	}
	return a
}

// phpCast applies a cast; t is its lower-case type.
func phpCast(t string, v any) (any, error) {
	switch t {
	case "int", "integer":
		return phpToInt(v)
	case "float", "double":
		return phpToFloat(v)
	case "string", "binary":
		return phpString(v)
	case "bool", "boolean":
		return phpTruthy(v), nil
	case "array":
		return phpToArray(v), nil
	}
	return nil, fmt.Errorf("unsupported construct: a (%s) cast", t)
}

// phpPrefix applies a prefix operator (! - + ~) or a cast ("(int)").
func phpPrefix(op string, v any) (any, error) {
	switch op {
	case "!":
		return !phpTruthy(v), nil
	case "-":
		return phpBinary("*", v, int64(-1)) // as PHP compiles it: -0.0 stays -0.0
	case "+":
		return phpBinary("*", v, int64(1))
	case "~":
		switch x := v.(type) {
		case int64:
			return ^x, nil
		case float64:
			return ^phpFloatToInt(x), nil
		case string:
			b := []byte(x)
			for i := range b {
				b[i] = ^b[i]
			}
			return string(b), nil
		}
		return nil, fmt.Errorf("~ of %s: PHP refuses it", phpType(v))
	}
	return phpCast(strings.Trim(op, "()"), v)
}

// phpCompare is PHP 8's comparison (zend_compare): -1, 0 or 1. Numeric
// strings compare as numbers, a number and another string as strings,
// null and booleans as booleans; an array is greater than any scalar, and
// arrays compare by size, then element by element (1 when a key of a is
// not in b: PHP's "uncomparable").
func phpCompare(a, b any) int {
	switch x := a.(type) {
	case int64:
		switch y := b.(type) {
		case int64:
			return cmpInt(x, y)
		case float64:
			return cmpFloat(float64(x), y)
		case string:
			return cmpIntString(x, y)
		}
	case float64:
		switch y := b.(type) {
		case int64:
			return cmpFloat(x, float64(y))
		case float64:
			return cmpFloat(x, y)
		case string:
			if math.IsNaN(x) {
				return 1
			}
			return cmpFloatString(x, y)
		}
	case string:
		switch y := b.(type) {
		case string:
			return phpStrcmp(x, y)
		case int64:
			return -cmpIntString(y, x)
		case float64:
			if math.IsNaN(y) {
				return 1
			}
			return -cmpFloatString(y, x)
		case nil:
			if x == "" {
				return 0
			}
			return 1
		}
	case nil:
		if y, ok := b.(string); ok {
			if y == "" {
				return 0
			}
			return -1
		}
	case *phpArray:
		if y, ok := b.(*phpArray); ok {
			return cmpArrays(x, y)
		}
	}
	isFalse := func(v any) bool { return v == nil || v == false }
	switch {
	case isFalse(a):
		if phpTruthy(b) {
			return -1
		}
		return 0
	case a == true:
		if phpTruthy(b) {
			return 0
		}
		return 1
	case isFalse(b):
		if phpTruthy(a) {
			return 1
		}
		return 0
	case b == true:
		if phpTruthy(a) {
			return 0
		}
		return -1
	}
	if _, ok := a.(*phpArray); ok {
		return 1
	}
	return -1
}

func cmpInt(x, y int64) int {
	switch {
	case x < y:
		return -1
	case x > y:
		return 1
	}
	return 0
}

// cmpFloat is ZEND_THREEWAY_COMPARE: NAN compares as greater.
func cmpFloat(x, y float64) int {
	switch {
	case x == y:
		return 0
	case x < y:
		return -1
	}
	return 1
}

// normalize is ZEND_NORMALIZE_BOOL of a difference (NAN is 0).
func normalize(d float64) int {
	switch {
	case d > 0:
		return 1
	case d < 0:
		return -1
	}
	return 0
}

func cmpIntString(x int64, s string) int {
	if n := parseNumeric(s); n.numeric() {
		if n.isInt {
			return cmpInt(x, n.n)
		}
		return cmpFloat(float64(x), n.f)
	}
	return strings.Compare(strconv.FormatInt(x, 10), s)
}

func cmpFloatString(x float64, s string) int {
	if n := parseNumeric(s); n.numeric() {
		if n.isInt {
			return normalize(x - float64(n.n))
		}
		if x == n.f {
			return 0
		}
		return normalize(x - n.f)
	}
	return strings.Compare(phpfmt.Float(x), s)
}

// phpStrcmp compares two strings as PHP's == and < do
// (zendi_smart_strcmp): as numbers when both are numeric.
func phpStrcmp(a, b string) int {
	na, nb := parseNumeric(a), parseNumeric(b)
	if !na.numeric() || !nb.numeric() || na.oflow != 0 && na.oflow == nb.oflow && na.f-nb.f == 0 {
		return strings.Compare(a, b)
	}
	if na.isInt && nb.isInt {
		return cmpInt(na.n, nb.n)
	}
	da, db := na.f, nb.f
	switch {
	case na.isInt:
		if nb.oflow != 0 {
			return -nb.oflow
		}
		da = float64(na.n)
	case nb.isInt:
		if na.oflow != 0 {
			return na.oflow
		}
		db = float64(nb.n)
	case da == db && math.IsInf(da, 0):
		return strings.Compare(a, b)
	}
	return normalize(da - db)
}

func cmpArrays(a, b *phpArray) int {
	if len(a.keys) != len(b.keys) {
		if len(a.keys) > len(b.keys) {
			return 1
		}
		return -1
	}
	for i, k := range a.keys {
		v, ok := b.get(k)
		if !ok {
			return 1
		}
		if c := phpCompare(a.vals[i], v); c != 0 {
			return c
		}
	}
	return 0
}

// phpIdentical is ===: the same type and value; arrays with the same keys
// in the same order and identical values.
func phpIdentical(a, b any) bool {
	switch x := a.(type) {
	case *phpArray:
		y, ok := b.(*phpArray)
		if !ok || len(x.keys) != len(y.keys) {
			return false
		}
		for i, k := range x.keys {
			if k != y.keys[i] || !phpIdentical(x.vals[i], y.vals[i]) {
				return false
			}
		}
		return true
	case *phpEnumCase:
		return a == b
	}
	switch b.(type) {
	case *phpArray, *phpEnumCase:
		return false
	}
	return a == b // float64 NAN is not == itself, as in PHP
}

// phpCompareOp evaluates a comparison operator. PHP reads a > b as b < a.
func phpCompareOp(op string, a, b any) (any, error) {
	for _, v := range [2]any{a, b} {
		if _, ok := v.(*phpEnumCase); ok && op != "===" && op != "!==" {
			return nil, fmt.Errorf("%s between enum cases is not read: compare their ->value", op)
		}
	}
	switch op {
	case "===":
		return phpIdentical(a, b), nil
	case "!==":
		return !phpIdentical(a, b), nil
	case "==":
		return phpCompare(a, b) == 0, nil
	case "!=", "<>":
		return phpCompare(a, b) != 0, nil
	case "<":
		return phpCompare(a, b) < 0, nil
	case "<=":
		return phpCompare(a, b) <= 0, nil
	case ">":
		return phpCompare(b, a) < 0, nil
	case ">=":
		return phpCompare(b, a) <= 0, nil
	}
	return int64(phpCompare(a, b)), nil // <=>
}

// phpNumbers are the two operands of an arithmetic operator as numbers.
func phpNumbers(a, b any) (x, y any, err error) {
	if x, err = phpNumber(a); err != nil {
		return nil, nil, err
	}
	if y, err = phpNumber(b); err != nil {
		return nil, nil, err
	}
	return x, y, nil
}

// phpPow is ** and pow(): integers while the result fits, as PHP computes
// it (by squaring, going over to floats at the first overflow).
func phpPow(a, b any) (any, error) {
	x, y, err := phpNumbers(a, b)
	if err != nil {
		return nil, err
	}
	xi, xInt := x.(int64)
	yi, yInt := y.(int64)
	if !xInt || !yInt || yi < 0 {
		return floatPow(toFloat(x), toFloat(y)), nil
	}
	l1, l2, i := int64(1), xi, yi
	if i == 0 {
		return int64(1), nil
	}
	if l2 == 0 {
		return int64(0), nil
	}
	for i >= 1 {
		if i%2 != 0 {
			i--
			p, ok := mulInt(l1, l2)
			if !ok {
				return float64(l1) * float64(l2) * floatPow(float64(l2), float64(i)), nil
			}
			l1 = p
		} else {
			i /= 2
			p, ok := mulInt(l2, l2)
			if !ok {
				return float64(l1) * floatPow(float64(l2)*float64(l2), float64(i)), nil
			}
			l2 = p
		}
	}
	return l1, nil
}

func mulInt(x, y int64) (int64, bool) {
	if x == 0 || y == 0 {
		return 0, true
	}
	p := x * y
	if p/y != x || x == -1 && y == math.MinInt64 || y == -1 && x == math.MinInt64 {
		return 0, false
	}
	return p, true
}

// phpStringBits is & | ^ of two strings, byte by byte: as long as the
// shorter one (| as the longer, its end kept).
func phpStringBits(op string, x, y string) string {
	if len(x) < len(y) {
		x, y = y, x
	}
	b := []byte(x)
	if op != "|" {
		b = b[:len(y)]
	}
	for i := range len(y) {
		switch op {
		case "&":
			b[i] &= y[i]
		case "|":
			b[i] |= y[i]
		default:
			b[i] ^= y[i]
		}
	}
	return string(b)
}

// floatPow is C's pow, correctly rounded: an integer exponent (the usual
// case) is computed exactly, another through exp and log at 192 bits,
// then rounded once. The C library's pow is within a hair of that but not
// always on the same side (glibc's is off by up to 0.52 of the last
// digit), so a float power may differ from PHP's in its last bit.
func floatPow(x, y float64) float64 {
	switch {
	case x == 0 || y == 0 || x == 1 || math.IsInf(x, 0) || math.IsInf(y, 0) || math.IsNaN(x) || math.IsNaN(y):
		return math.Pow(x, y) // C's special cases, which Go's follow
	case y == math.Trunc(y) && math.Abs(y) <= 1024:
		return intPow(x, y)
	case x < 0 && y != math.Trunc(y):
		return math.NaN()
	case x < 0: // a large integer exponent: even unless below 2^53
		r := floatPow(-x, y)
		if math.Mod(y, 2) != 0 {
			r = -r
		}
		return r
	}
	t := new(big.Float).SetPrec(powPrec).SetFloat64(y)
	t.Mul(t, bigLog(x))
	if tf, _ := t.Float64(); tf > 710 {
		return math.Inf(1)
	} else if tf < -746 {
		return 0
	}
	f, _ := bigExp(t).Float64()
	return f
}

const powPrec = 192

// bigLog is ln(x) for x > 0: x = m·2^e, ln m = 2·atanh((m-1)/(m+1)).
func bigLog(x float64) *big.Float {
	m, e := math.Frexp(x)
	num := new(big.Float).SetPrec(powPrec).SetFloat64(m - 1)
	den := new(big.Float).SetPrec(powPrec).SetFloat64(m)
	den.Add(den, big.NewFloat(1))
	r := atanh2(num.Quo(num, den))
	l2 := new(big.Float).SetPrec(powPrec).SetInt64(int64(e))
	return r.Add(r, l2.Mul(l2, phpLn2))
}

// phpLn2 is ln 2 = 2·atanh(1/3), at powPrec bits.
var phpLn2 = func() *big.Float {
	third := new(big.Float).SetPrec(powPrec).SetInt64(1)
	return atanh2(third.Quo(third, big.NewFloat(3)))
}()

// atanh2 is 2·atanh(z) for |z| <= 1/3: 2·Σ z^(2k+1)/(2k+1).
func atanh2(z *big.Float) *big.Float {
	sum := new(big.Float).SetPrec(powPrec).Set(z)
	z2 := new(big.Float).SetPrec(powPrec).Mul(z, z)
	pow := new(big.Float).SetPrec(powPrec).Set(z)
	term := new(big.Float).SetPrec(powPrec)
	for k := int64(3); ; k += 2 {
		pow.Mul(pow, z2)
		term.Quo(pow, new(big.Float).SetInt64(k))
		if term.Sign() == 0 || term.MantExp(nil)-sum.MantExp(nil) < -powPrec {
			break
		}
		sum.Add(sum, term)
	}
	return sum.Mul(sum, big.NewFloat(2))
}

// bigExp is e^t: t = k·ln 2 + r, e^r by its series on r/256, squared 8
// times.
func bigExp(t *big.Float) *big.Float {
	ln2 := phpLn2
	kf, _ := new(big.Float).Quo(t, ln2).Float64()
	k := math.Round(kf)
	r := new(big.Float).SetPrec(powPrec).SetFloat64(k)
	r.Sub(t, r.Mul(r, ln2))
	r.SetMantExp(r, -8)
	sum := new(big.Float).SetPrec(powPrec).SetInt64(1)
	term := new(big.Float).SetPrec(powPrec).SetInt64(1)
	for n := int64(1); n < 100; n++ {
		term.Mul(term, r)
		term.Quo(term, new(big.Float).SetInt64(n))
		if term.Sign() == 0 || term.MantExp(nil) < -powPrec {
			break
		}
		sum.Add(sum, term)
	}
	for range 8 {
		sum.Mul(sum, sum)
	}
	return sum.SetMantExp(sum, int(k))
}

// intPow is x^n for an integer n (|n| <= 1024), computed at 192 bits
// (exact for n <= 3) and rounded once.
func intPow(x, y float64) float64 {
	n := int(math.Abs(y))
	prec := uint(powPrec)
	r := new(big.Float).SetPrec(prec).SetInt64(1)
	base := new(big.Float).SetPrec(prec).SetFloat64(x)
	for k := n; k > 0; k >>= 1 {
		if k&1 != 0 {
			r.Mul(r, base)
		}
		if k > 1 {
			base.Mul(base, base)
		}
	}
	if y < 0 {
		r.Quo(new(big.Float).SetPrec(prec).SetInt64(1), r)
	}
	f, _ := r.Float64()
	return f
}

// phpNumberOf is PHP's silent conversion of an element to a number
// (array_sum): a string by the number it starts with, else 0.
func phpNumberOf(v any) any {
	switch x := v.(type) {
	case int64, float64:
		return x
	case string:
		if n := parseNumeric(x); n.ok {
			return n.value()
		}
		return int64(0)
	}
	n, _ := phpToInt(v)
	return n
}
