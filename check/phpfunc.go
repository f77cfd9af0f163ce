package check

import (
	"fmt"
	"math"
	"math/big"
	"strconv"
	"strings"

	"github.com/wikirules/wikirules/internal/phpfmt"
)

// PHP's pure builtins the reader evaluates, as PHP 8.2 does (the version
// the tests compare with): the same values, and an error where PHP throws
// or warns. Arguments are converted as PHP converts them for a builtin's
// parameters outside strict mode ("3" or 3.0 for an int, 5 for a string).

// The reader builds at most maxPHPElements elements in one array and
// maxPHPString bytes in one string: range(1, PHP_INT_MAX) or
// str_repeat('x', 1e12) would take all the memory there is, and real
// engine files stay far below.
const (
	maxPHPElements = 1_000_000
	maxPHPString   = 16 << 20
	maxPHPSearch   = 256 << 20 // bytes str_replace searches in one call
)

// phpFunc is a builtin: its number of arguments (max -1: any number) and
// what it computes.
type phpFunc struct {
	min, max int
	fn       func(a phpArgs) (any, error)
}

// phpFuncs are the builtins by lower-case name (PHP's function names are
// case-insensitive).
var phpFuncs = map[string]phpFunc{
	"count":                 {1, 2, phpCount},
	"sizeof":                {1, 2, phpCount},
	"array_merge":           {0, -1, func(a phpArgs) (any, error) { return phpArrayMerge(a, false) }},
	"array_merge_recursive": {0, -1, func(a phpArgs) (any, error) { return phpArrayMerge(a, true) }},
	"range":                 {2, 3, phpRange},
	"array_fill":            {3, 3, phpArrayFill},
	"array_fill_keys":       {2, 2, phpArrayFillKeys},
	"array_keys":            {1, 3, phpArrayKeys},
	"array_values":          {1, 1, phpArrayValues},
	"array_flip":            {1, 1, phpArrayFlip},
	"array_combine":         {2, 2, phpArrayCombine},
	"array_reverse":         {1, 2, phpArrayReverse},
	"array_slice":           {2, 4, phpArraySlice},
	"array_sum":             {1, 1, func(a phpArgs) (any, error) { return phpArrayFold(a, "+", int64(0)) }},
	"array_product":         {1, 1, func(a phpArgs) (any, error) { return phpArrayFold(a, "*", int64(1)) }},
	"array_key_exists":      {2, 2, phpArrayKeyExists},
	"key_exists":            {2, 2, phpArrayKeyExists},
	"in_array":              {2, 3, func(a phpArgs) (any, error) { return phpSearch(a, true) }},
	"array_search":          {2, 3, func(a phpArgs) (any, error) { return phpSearch(a, false) }},
	"array_unique":          {1, 2, phpArrayUnique},
	"array_column":          {2, 3, phpArrayColumn},
	"array_key_first":       {1, 1, func(a phpArgs) (any, error) { return phpArrayKeyEnd(a, true) }},
	"array_key_last":        {1, 1, func(a phpArgs) (any, error) { return phpArrayKeyEnd(a, false) }},
	"min":                   {1, -1, func(a phpArgs) (any, error) { return phpMinMax(a, false) }},
	"max":                   {1, -1, func(a phpArgs) (any, error) { return phpMinMax(a, true) }},
	"abs":                   {1, 1, phpAbs},
	"floor":                 {1, 1, func(a phpArgs) (any, error) { return phpFloatFunc(a, math.Floor) }},
	"ceil":                  {1, 1, func(a phpArgs) (any, error) { return phpFloatFunc(a, math.Ceil) }},
	"round":                 {1, 3, phpRoundFunc},
	"intdiv":                {2, 2, phpIntdiv},
	"pow":                   {2, 2, func(a phpArgs) (any, error) { return phpPow(a[0], a[1]) }},
	"sqrt":                  {1, 1, phpSqrt},
	"intval":                {1, 2, phpIntval},
	"floatval":              {1, 1, func(a phpArgs) (any, error) { return phpToFloat(a[0]) }},
	"doubleval":             {1, 1, func(a phpArgs) (any, error) { return phpToFloat(a[0]) }},
	"strval":                {1, 1, func(a phpArgs) (any, error) { return a.str(0) }},
	"boolval":               {1, 1, func(a phpArgs) (any, error) { return phpTruthy(a[0]), nil }},
	"strtoupper":            {1, 1, func(a phpArgs) (any, error) { return phpMapString(a, toUpperASCII) }},
	"strtolower":            {1, 1, func(a phpArgs) (any, error) { return phpMapString(a, toLowerASCII) }},
	"ucfirst":               {1, 1, func(a phpArgs) (any, error) { return phpFirstByte(a, toUpperASCII) }},
	"lcfirst":               {1, 1, func(a phpArgs) (any, error) { return phpFirstByte(a, toLowerASCII) }},
	"ucwords":               {1, 2, phpUcwords},
	"str_repeat":            {2, 2, phpStrRepeat},
	"str_pad":               {2, 4, phpStrPad},
	"implode":               {1, 2, phpImplode},
	"join":                  {1, 2, phpImplode},
	"explode":               {2, 3, phpExplode},
	"strlen":                {1, 1, phpStrlen},
	"substr":                {2, 3, phpSubstr},
	"str_replace":           {3, 4, phpStrReplace},
	"trim":                  {1, 2, func(a phpArgs) (any, error) { return phpTrim(a, true, true) }},
	"ltrim":                 {1, 2, func(a phpArgs) (any, error) { return phpTrim(a, true, false) }},
	"rtrim":                 {1, 2, func(a phpArgs) (any, error) { return phpTrim(a, false, true) }},
	"sprintf":               {1, -1, func(a phpArgs) (any, error) { return phpSprintfArgs(a, false) }},
	"vsprintf":              {2, 2, func(a phpArgs) (any, error) { return phpSprintfArgs(a, true) }},
	"number_format":         {1, 4, phpNumberFormatFunc},
}

// phpArgs are a call's arguments.
type phpArgs []any

func (a phpArgs) has(i int) bool { return i < len(a) }

// given is a value's type in PHP's words, for errors that read like PHP's.
func given(v any) string {
	switch v.(type) {
	case nil:
		return "null"
	case bool:
		return "bool"
	case int64:
		return "int"
	case float64:
		return "float"
	case string:
		return "string"
	case *phpArray:
		return "array"
	}
	return "an enum case"
}

func (a phpArgs) typeErr(i int, want string) error {
	return fmt.Errorf("argument #%d must be of type %s, %s given", i+1, want, given(a[i]))
}

// int converts an argument for an int parameter: a float or a numeric
// string with an integer value in range (PHP truncates a fraction).
func (a phpArgs) int(i int) (int64, error) {
	switch x := a[i].(type) {
	case int64:
		return x, nil
	case bool, nil:
		n, _ := phpToInt(x)
		return n, nil
	case float64:
		if n, ok := floatArgInt(x); ok {
			return n, nil
		}
	case string:
		if n := parseNumeric(x); n.numeric() {
			if n.isInt {
				return n.n, nil
			}
			if m, ok := floatArgInt(n.f); ok {
				return m, nil
			}
		}
	}
	return 0, a.typeErr(i, "int")
}

func floatArgInt(f float64) (int64, bool) {
	if math.IsNaN(f) || f < -(1<<63) || f >= 1<<63 {
		return 0, false
	}
	return int64(f), true
}

// number converts an argument for an int|float parameter.
func (a phpArgs) number(i int) (any, error) {
	switch x := a[i].(type) {
	case int64, float64:
		return x, nil
	case bool, nil:
		n, _ := phpToInt(x)
		return n, nil
	case string:
		if n := parseNumeric(x); n.numeric() {
			return n.value(), nil
		}
	}
	return nil, a.typeErr(i, "int|float")
}

func (a phpArgs) float(i int) (float64, error) {
	v, err := a.number(i)
	if err != nil {
		return 0, a.typeErr(i, "float")
	}
	return toFloat(v), nil
}

func (a phpArgs) str(i int) (string, error) {
	if _, ok := a[i].(*phpArray); ok {
		return "", a.typeErr(i, "string")
	}
	return phpString(a[i])
}

func (a phpArgs) bool(i int) (bool, error) {
	if _, ok := a[i].(*phpArray); ok {
		return false, a.typeErr(i, "bool")
	}
	return phpTruthy(a[i]), nil
}

func (a phpArgs) array(i int) (*phpArray, error) {
	if arr, ok := a[i].(*phpArray); ok {
		return arr, nil
	}
	return nil, a.typeErr(i, "array")
}

// optBool is an optional bool argument (def when absent).
func (a phpArgs) optBool(i int, def bool) (bool, error) {
	if !a.has(i) {
		return def, nil
	}
	return a.bool(i)
}

// optStr is an optional string argument (def when absent; a null given
// is "", as PHP converts it for a parameter that is not nullable).
func (a phpArgs) optStr(i int, def string) (string, error) {
	if !a.has(i) {
		return def, nil
	}
	return a.str(i)
}

// optInt is an optional int argument (def when absent or null).
func (a phpArgs) optInt(i int, def int64) (int64, error) {
	if !a.has(i) || a[i] == nil {
		return def, nil
	}
	return a.int(i)
}

func checkElements(n int64) error {
	if n > maxPHPElements {
		return fmt.Errorf("the result would have %d elements: the reader builds arrays of at most %d", n, maxPHPElements)
	}
	return nil
}

// checkCopies bounds n copies of v (array_fill): each is built.
func checkCopies(v any, n int64) error {
	if size := int64(phpSize(v)); size > 0 && n > maxPHPWork/size {
		return fmt.Errorf("%d copies of the value would exceed 256 MB: the reader stops there", n)
	}
	return nil
}

func checkString(n int64) error {
	if n > maxPHPString {
		return fmt.Errorf("the result would be %d bytes: the reader builds strings of at most %d (16 MB)", n, maxPHPString)
	}
	return nil
}

// keyValue is an array key as a value: an integer or a string.
func keyValue(k phpKey) any {
	if k.isInt {
		return k.n
	}
	return k.s
}

// phpStrKey is the key a string makes: an integer when it spells one.
func phpStrKey(s string) phpKey {
	if n, err := strconv.ParseInt(s, 10, 64); err == nil && strconv.FormatInt(n, 10) == s {
		return intKey(n)
	}
	return phpKey{s: s}
}

// phpArrayKey converts a value to an array key as PHP does: integers and
// strings that spell one ("8", not "08") are integer keys; floats are
// truncated; booleans are 0 and 1; null is "".
func phpArrayKey(v any) (phpKey, error) {
	switch x := v.(type) {
	case int64:
		return intKey(x), nil
	case float64:
		return intKey(phpFloatToInt(x)), nil
	case bool:
		if x {
			return intKey(1), nil
		}
		return intKey(0), nil
	case nil:
		return phpKey{s: ""}, nil
	case string:
		return phpStrKey(x), nil
	}
	return phpKey{}, fmt.Errorf("%s cannot be an array key", phpType(v))
}

// phpStringKey is the key array_fill_keys and array_combine make of a
// value: an integer stays one, anything else goes through its string
// (1.5 is the key "1.5").
func phpStringKey(v any) (phpKey, error) {
	if n, ok := v.(int64); ok {
		return intKey(n), nil
	}
	if _, ok := v.(*phpArray); ok {
		return phpKey{}, fmt.Errorf("an array cannot be a key (PHP makes it \"Array\" with a warning)")
	}
	s, err := phpString(v)
	return phpStrKey(s), err
}

func phpCount(a phpArgs) (any, error) {
	arr, ok := a[0].(*phpArray)
	if !ok {
		return nil, a.typeErr(0, "Countable|array")
	}
	mode, err := a.optInt(1, 0)
	if err != nil {
		return nil, err
	}
	switch mode {
	case 0:
		return int64(len(arr.keys)), nil
	case 1:
		return countRecursive(arr), nil
	}
	return nil, fmt.Errorf("argument #2 must be either COUNT_NORMAL or COUNT_RECURSIVE")
}

func countRecursive(arr *phpArray) int64 {
	n := int64(len(arr.keys))
	for _, v := range arr.vals {
		if sub, ok := v.(*phpArray); ok {
			n += countRecursive(sub)
		}
	}
	return n
}

// phpArrayMerge is array_merge (integer keys renumbered, a later string
// key replacing an earlier one) and array_merge_recursive (a string key in
// both: their values merged into an array).
func phpArrayMerge(a phpArgs, recursive bool) (any, error) {
	total := int64(0)
	for i := range a {
		arr, err := a.array(i)
		if err != nil {
			return nil, err
		}
		total += int64(len(arr.keys))
	}
	if err := checkElements(total); err != nil {
		return nil, err
	}
	out := &phpArray{}
	for _, v := range a {
		if recursive {
			mergeRecursive(out, v.(*phpArray))
			continue
		}
		for i, k := range v.(*phpArray).keys {
			if k.isInt {
				out.push(v.(*phpArray).vals[i])
			} else {
				out.set(k, v.(*phpArray).vals[i])
			}
		}
	}
	return out, nil
}

// mergeRecursive is PHP's php_array_merge_recursive.
func mergeRecursive(dst, src *phpArray) {
	for i, k := range src.keys {
		v := src.vals[i]
		old, ok := dst.get(k)
		if k.isInt || !ok {
			if k.isInt {
				dst.push(v)
			} else {
				dst.set(k, v)
			}
			continue
		}
		d, isArr := old.(*phpArray)
		if !isArr {
			d = &phpArray{}
			d.push(old) // null too: [null, …]
			dst.set(k, d)
		}
		if s, ok := v.(*phpArray); ok {
			mergeRecursive(d, s)
		} else {
			d.push(v)
		}
	}
}

// phpRange is range() as PHP 8.2 computes it: characters between two
// one-letter strings, floats when an end or the step is a float, else
// integers; a step larger than the range is an error.
func phpRange(a phpArgs) (any, error) {
	step, stepFloat := 1.0, false
	if a.has(2) {
		switch x := a[2].(type) {
		case float64:
			stepFloat = true
		case string:
			n := parseNumeric(x)
			stepFloat = n.numeric() && !n.isInt
		}
		step, _ = phpToFloat(a[2])
		step = math.Abs(step)
	}
	errStep := fmt.Errorf("argument #3 (the step) must not exceed the specified range")
	ls, lok := a[0].(string)
	hs, hok := a[1].(string)
	useFloat := stepFloat
	if !lok || !hok || ls == "" || hs == "" {
		_, lf := a[0].(float64)
		_, hf := a[1].(float64)
		useFloat = useFloat || lf || hf
	} else {
		nl, nh := parseNumeric(ls), parseNumeric(hs)
		isF := func(n phpNumeric) bool { return n.numeric() && !n.isInt }
		isI := func(n phpNumeric) bool { return n.numeric() && n.isInt }
		useFloat = useFloat || isF(nl) || isF(nh)
		if !useFloat && !isI(nl) && !isI(nh) {
			return charRange(ls[0], hs[0], step, errStep)
		}
	}
	if useFloat {
		return floatRange(a, step, errStep)
	}
	lo, _ := phpToInt(a[0])
	hi, _ := phpToInt(a[1])
	if !(step > 0) || step >= 1<<64 {
		return nil, errStep
	}
	lstep := uint64(step)
	out := &phpArray{}
	switch {
	case lo == hi:
		out.push(lo)
	default:
		sign, diff := uint64(1), uint64(hi)-uint64(lo)
		if lo > hi {
			sign, diff = ^uint64(0), uint64(lo)-uint64(hi) // steps down
		}
		if diff < lstep || lstep == 0 {
			return nil, errStep
		}
		n := diff/lstep + 1
		if n > maxPHPElements {
			return nil, checkElements(int64(min(n, math.MaxInt64)))
		}
		out = newArray(int(n))
		for i := uint64(0); i < n; i++ {
			out.push(int64(uint64(lo) + sign*i*lstep))
		}
	}
	return out, nil
}

func charRange(lo, hi byte, step float64, errStep error) (any, error) {
	lstep := int(step)
	if step >= 1<<31 {
		lstep = 0
	}
	out := &phpArray{}
	l, h := int(lo), int(hi)
	switch {
	case l > h:
		if l-h < lstep || lstep <= 0 {
			return nil, errStep
		}
		for ; l >= h; l -= lstep {
			out.push(string([]byte{byte(l)}))
			if l-lstep < 0 {
				break
			}
		}
	case h > l:
		if h-l < lstep || lstep <= 0 {
			return nil, errStep
		}
		for ; l <= h; l += lstep {
			out.push(string([]byte{byte(l)}))
			if l+lstep > 255 {
				break
			}
		}
	default:
		out.push(string([]byte{lo}))
	}
	return out, nil
}

func floatRange(a phpArgs, step float64, errStep error) (any, error) {
	lo, _ := phpToFloat(a[0])
	hi, _ := phpToFloat(a[1])
	if math.IsInf(lo, 0) || math.IsInf(hi, 0) {
		return nil, fmt.Errorf("invalid range supplied: start=%.0f end=%.0f", lo, hi)
	}
	out := &phpArray{}
	dir, span := 1.0, hi-lo
	if lo > hi {
		dir, span = -1, lo-hi
	} else if !(hi > lo) {
		out.push(lo)
		return out, nil
	}
	if span < step || !(step > 0) {
		return nil, errStep
	}
	calc := span/step + 1
	if calc > maxPHPElements {
		return nil, checkElements(int64(math.Min(calc, math.MaxInt64)))
	}
	size := int(phpRound(calc, 0))
	out = newArray(size)
	for i := 0; i < size; i++ {
		e := lo + dir*float64(i)*step
		if dir > 0 && e > hi || dir < 0 && e < hi {
			break
		}
		out.push(e)
	}
	return out, nil
}

func phpArrayFill(a phpArgs) (any, error) {
	start, err := a.int(0)
	if err != nil {
		return nil, err
	}
	n, err := a.int(1)
	if err != nil {
		return nil, err
	}
	if n < 0 {
		return nil, fmt.Errorf("argument #2 (the count) must be greater than or equal to 0")
	}
	if err := checkElements(n); err != nil {
		return nil, err
	}
	if err := checkCopies(a[2], n); err != nil {
		return nil, err
	}
	if n > 0 && start > math.MaxInt64-(n-1) {
		return nil, fmt.Errorf("cannot add element to the array as the next element is already occupied")
	}
	out := newArray(int(n))
	for i := int64(0); i < n; i++ {
		out.set(intKey(start+i), copyValue(a[2]))
	}
	return out, nil
}

func phpArrayFillKeys(a phpArgs) (any, error) {
	keys, err := a.array(0)
	if err != nil {
		return nil, err
	}
	if err := checkCopies(a[1], int64(len(keys.vals))); err != nil {
		return nil, err
	}
	out := newArray(len(keys.vals))
	for _, v := range keys.vals {
		k, err := phpStringKey(v)
		if err != nil {
			return nil, err
		}
		out.set(k, copyValue(a[1]))
	}
	return out, nil
}

func phpArrayKeys(a phpArgs) (any, error) {
	arr, err := a.array(0)
	if err != nil {
		return nil, err
	}
	strict, err := a.optBool(2, false)
	if err != nil {
		return nil, err
	}
	out := newArray(len(arr.keys))
	for i, k := range arr.keys {
		if !a.has(1) || phpMatches(arr.vals[i], a[1], strict) {
			out.push(keyValue(k))
		}
	}
	return out, nil
}

// phpMatches is in_array's test: == or, strict, ===.
func phpMatches(v, needle any, strict bool) bool {
	if strict {
		return phpIdentical(v, needle)
	}
	return phpCompare(v, needle) == 0
}

func phpArrayValues(a phpArgs) (any, error) {
	arr, err := a.array(0)
	if err != nil {
		return nil, err
	}
	out := newArray(len(arr.vals))
	for _, v := range arr.vals {
		out.push(v)
	}
	return out, nil
}

func phpArrayFlip(a phpArgs) (any, error) {
	arr, err := a.array(0)
	if err != nil {
		return nil, err
	}
	out := newArray(len(arr.keys))
	for i, k := range arr.keys {
		switch v := arr.vals[i].(type) {
		case int64:
			out.set(intKey(v), keyValue(k))
		case string:
			out.set(phpStrKey(v), keyValue(k))
		default:
			return nil, fmt.Errorf("can only flip string and integer values, not %s (PHP skips it with a warning)", phpType(v))
		}
	}
	return out, nil
}

func phpArrayCombine(a phpArgs) (any, error) {
	keys, err := a.array(0)
	if err != nil {
		return nil, err
	}
	vals, err := a.array(1)
	if err != nil {
		return nil, err
	}
	if len(keys.vals) != len(vals.vals) {
		return nil, fmt.Errorf("argument #1 (the keys) and argument #2 (the values) must have the same number of elements")
	}
	out := newArray(len(keys.vals))
	for i, kv := range keys.vals {
		k, err := phpStringKey(kv)
		if err != nil {
			return nil, err
		}
		out.set(k, vals.vals[i])
	}
	return out, nil
}

func phpArrayReverse(a phpArgs) (any, error) {
	arr, err := a.array(0)
	if err != nil {
		return nil, err
	}
	preserve, err := a.optBool(1, false)
	if err != nil {
		return nil, err
	}
	out := newArray(len(arr.keys))
	for i := len(arr.keys) - 1; i >= 0; i-- {
		addKept(out, arr.keys[i], arr.vals[i], preserve)
	}
	return out, nil
}

// addKept adds an element under its key, an integer key only when
// preserve (else it is renumbered).
func addKept(out *phpArray, k phpKey, v any, preserve bool) {
	if k.isInt && !preserve {
		out.push(v)
	} else {
		out.set(k, v)
	}
}

func phpArraySlice(a phpArgs) (any, error) {
	arr, err := a.array(0)
	if err != nil {
		return nil, err
	}
	offset, err := a.int(1)
	if err != nil {
		return nil, err
	}
	n := int64(len(arr.keys))
	length, err := a.optInt(2, n)
	if err != nil {
		return nil, err
	}
	preserve, err := a.optBool(3, false)
	if err != nil {
		return nil, err
	}
	out := &phpArray{}
	if offset > n {
		return out, nil
	}
	if offset < 0 {
		offset = max(n+offset, 0)
	}
	if length < 0 {
		length = n - offset + length
	} else if length > n-offset {
		length = n - offset
	}
	for i := offset; i < offset+length; i++ {
		addKept(out, arr.keys[i], arr.vals[i], preserve)
	}
	return out, nil
}

// phpArrayFold is array_sum and array_product as PHP 8.2 computes them:
// arrays in the array are skipped, a string counts as the number it
// starts with.
func phpArrayFold(a phpArgs, op string, acc any) (any, error) {
	arr, err := a.array(0)
	if err != nil {
		return nil, err
	}
	for _, v := range arr.vals {
		if _, ok := v.(*phpArray); ok {
			continue
		}
		if acc, err = phpBinary(op, acc, phpNumberOf(v)); err != nil {
			return nil, err
		}
	}
	return acc, nil
}

func phpArrayKeyExists(a phpArgs) (any, error) {
	k, err := phpArrayKey(a[0])
	if err != nil {
		return nil, fmt.Errorf("argument #1: %v", err)
	}
	arr, err := a.array(1)
	if err != nil {
		return nil, err
	}
	_, ok := arr.get(k)
	return ok, nil
}

// phpSearch is in_array (found) and array_search (the key, or false).
func phpSearch(a phpArgs, found bool) (any, error) {
	arr, err := a.array(1)
	if err != nil {
		return nil, err
	}
	strict, err := a.optBool(2, false)
	if err != nil {
		return nil, err
	}
	for i, v := range arr.vals {
		if phpMatches(v, a[0], strict) {
			if found {
				return true, nil
			}
			return keyValue(arr.keys[i]), nil
		}
	}
	return false, nil
}

// phpArrayUnique keeps the first of the elements with the same string
// (SORT_STRING, the default; the other flags are not read).
func phpArrayUnique(a phpArgs) (any, error) {
	arr, err := a.array(0)
	if err != nil {
		return nil, err
	}
	if flags, err := a.optInt(1, 2); err != nil || flags != 2 {
		if err != nil {
			return nil, err
		}
		return nil, fmt.Errorf("only the default flags (SORT_STRING) are read")
	}
	seen := make(map[string]bool, len(arr.vals))
	out := newArray(len(arr.vals))
	for i, v := range arr.vals {
		s, err := phpString(v)
		if err != nil {
			return nil, err
		}
		if !seen[s] {
			seen[s] = true
			out.set(arr.keys[i], v)
		}
	}
	return out, nil
}

// columnKey reads array_column's column or index key (int|string|null).
func columnKey(a phpArgs, i int) (*phpKey, error) {
	if !a.has(i) || a[i] == nil {
		return nil, nil
	}
	switch x := a[i].(type) {
	case int64:
		k := intKey(x)
		return &k, nil
	case string:
		k := phpStrKey(x)
		return &k, nil
	}
	return nil, a.typeErr(i, "string|int|null")
}

func phpArrayColumn(a phpArgs) (any, error) {
	rows, err := a.array(0)
	if err != nil {
		return nil, err
	}
	col, err := columnKey(a, 1)
	if err != nil {
		return nil, err
	}
	idx, err := columnKey(a, 2)
	if err != nil {
		return nil, err
	}
	field := func(row any, k *phpKey) (any, bool) {
		if r, ok := row.(*phpArray); ok {
			return r.get(*k)
		}
		return nil, false
	}
	out := &phpArray{}
	for _, row := range rows.vals {
		v := row
		if col != nil {
			var ok bool
			if v, ok = field(row, col); !ok {
				continue
			}
		}
		if idx != nil {
			if kv, ok := field(row, idx); ok {
				k, err := phpArrayKey(kv)
				if err != nil {
					return nil, err
				}
				out.set(k, v)
				continue
			}
		}
		out.push(v)
	}
	return out, nil
}

func phpArrayKeyEnd(a phpArgs, first bool) (any, error) {
	arr, err := a.array(0)
	if err != nil || len(arr.keys) == 0 {
		return nil, err
	}
	if first {
		return keyValue(arr.keys[0]), nil
	}
	return keyValue(arr.keys[len(arr.keys)-1]), nil
}

// phpMinMax is min and max: of the arguments, or of one array's elements,
// by PHP's comparison (the first of equal ones).
func phpMinMax(a phpArgs, isMax bool) (any, error) {
	vals := []any(a)
	if len(a) == 1 {
		arr, ok := a[0].(*phpArray)
		if !ok {
			return nil, a.typeErr(0, "array")
		}
		if len(arr.vals) == 0 {
			return nil, fmt.Errorf("argument #1 must contain at least one element")
		}
		res := arr.vals[0]
		for _, v := range arr.vals[1:] {
			if c := phpCompare(res, v); isMax && c < 0 || !isMax && c > 0 {
				res = v
			}
		}
		return res, nil
	}
	res := vals[0]
	for _, v := range vals[1:] {
		if c := phpCompare(v, res); isMax && c > 0 || !isMax && c < 0 {
			res = v
		}
	}
	return res, nil
}

func phpAbs(a phpArgs) (any, error) {
	v, err := a.number(0)
	if err != nil {
		return nil, err
	}
	switch x := v.(type) {
	case int64:
		if x == math.MinInt64 {
			return -float64(x), nil
		}
		if x < 0 {
			return -x, nil
		}
		return x, nil
	}
	return math.Abs(v.(float64)), nil
}

func phpFloatFunc(a phpArgs, f func(float64) float64) (any, error) {
	v, err := a.number(0)
	if err != nil {
		return nil, err
	}
	return f(toFloat(v)), nil
}

func phpSqrt(a phpArgs) (any, error) {
	x, err := a.float(0)
	return math.Sqrt(x), err
}

func phpIntdiv(a phpArgs) (any, error) {
	x, err := a.int(0)
	if err != nil {
		return nil, err
	}
	y, err := a.int(1)
	switch {
	case err != nil:
		return nil, err
	case y == 0:
		return nil, fmt.Errorf("division by zero")
	case x == math.MinInt64 && y == -1:
		return nil, fmt.Errorf("division of PHP_INT_MIN by -1 is not an integer")
	}
	return x / y, nil
}

func phpRoundFunc(a phpArgs) (any, error) {
	v, err := a.number(0)
	if err != nil {
		return nil, err
	}
	places, err := a.optInt(1, 0)
	if err != nil {
		return nil, err
	}
	if mode, err := a.optInt(2, 1); err != nil || mode != 1 {
		if err != nil {
			return nil, err
		}
		return nil, fmt.Errorf("only the default mode (PHP_ROUND_HALF_UP) is read")
	}
	places = max(min(places, math.MaxInt32), math.MinInt32+1)
	if n, ok := v.(int64); ok && places >= 0 {
		return float64(n), nil
	}
	return phpRound(toFloat(v), int(places)), nil
}

// phpRound is PHP 8.2's round() half away from zero: the value is first
// rounded to the 15 significant digits a float holds ("pre-rounding"), so
// round(1.005, 2) is 1.01, as the number is written.
func phpRound(value float64, places int) float64 {
	if math.IsInf(value, 0) || math.IsNaN(value) || value == 0 {
		return value
	}
	precisionPlaces := 14 - intLog10(math.Abs(value))
	f1 := intPow10(absInt(places))
	var tmp float64
	if precisionPlaces > places && precisionPlaces-15 < places {
		tmp = roundHalfUp(roundBasic(value, precisionPlaces))
		tmp /= intPow10(absInt(places - precisionPlaces))
	} else {
		if places >= 0 {
			tmp = value * f1
		} else {
			tmp = value / f1
		}
		if math.Abs(tmp) >= 1e15 {
			return value // beyond a float's precision: nothing to round
		}
	}
	tmp = roundHalfUp(tmp)
	if absInt(places) < 23 {
		if places > 0 {
			return tmp / f1
		}
		return tmp * f1
	}
	f, err := strconv.ParseFloat(strings.TrimSpace(fmt.Sprintf("%15fe%d", tmp, -places)), 64)
	if err != nil || math.IsInf(f, 0) {
		return value
	}
	return f
}

func absInt(n int) int {
	if n < 0 {
		return -n
	}
	return n
}

func roundHalfUp(x float64) float64 {
	if x >= 0 {
		return math.Floor(x + 0.5)
	}
	return math.Ceil(x - 0.5)
}

func roundBasic(value float64, places int) float64 {
	f := intPow10(absInt(places))
	if places >= 0 {
		return value * f
	}
	return value / f
}

func intPow10(p int) float64 {
	if p <= 22 {
		return math.Pow10(p) // exact up to 1e22
	}
	return floatPow(10, float64(p))
}

// intLog10 is floor(log10(x)) for x > 0 as C's log10 gives it: the
// decimal exponent, except just below a power of ten, where log10 rounds
// up to it.
func intLog10(x float64) int {
	s := strconv.FormatFloat(x, 'e', -1, 64)
	e, _ := strconv.Atoi(s[strings.IndexByte(s, 'e')+1:])
	if x < math.Pow10(e+1)*(1-1e-12) {
		return e // far below the next power of ten
	}
	// log10(x) rounds to e+1 when it is within half a float step of it.
	k := float64(e + 1)
	step := k - math.Nextafter(k, math.Inf(-1))
	p := new(big.Rat).SetFloat64(x)
	ten := new(big.Rat).SetFrac(big.NewInt(10), big.NewInt(1))
	pow := new(big.Rat).SetInt64(1)
	for i := 0; i < absInt(e+1); i++ {
		pow.Mul(pow, ten)
	}
	if e+1 < 0 {
		pow.Inv(pow)
	}
	// 1 - x/10^k is the distance of log10(x) below k, times ln 10.
	gap, _ := new(big.Rat).Sub(big.NewRat(1, 1), p.Quo(p, pow)).Float64()
	if gap < step/2*math.Ln10 {
		return e + 1
	}
	return e
}

func phpIntval(a phpArgs) (any, error) {
	base, err := a.optInt(1, 10)
	if err != nil {
		return nil, err
	}
	s, isStr := a[0].(string)
	if !isStr || base == 10 {
		return phpToInt(a[0])
	}
	if base == 0 || base == 2 {
		t := strings.TrimLeft(s, " \t\n\r\v\f")
		if len(t) > 2 {
			off := 0
			if t[0] == '-' || t[0] == '+' {
				off = 1
			}
			if t[off] == '0' && (t[off+1] == 'b' || t[off+1] == 'B') {
				return strtol(t[:off]+t[off+2:], 2), nil
			}
		}
	}
	return strtol(s, base), nil
}

// strtol is C's: white space, a sign, a 0x (base 16 or 0) or 0 (base 0:
// octal) prefix, the digits that follow; the nearest end when out of
// range; 0 for a base C refuses.
func strtol(s string, base int64) int64 {
	if base != 0 && (base < 2 || base > 36) {
		return 0
	}
	i := 0
	for i < len(s) && isNumericSpace(s[i]) {
		i++
	}
	neg := false
	if i < len(s) && (s[i] == '+' || s[i] == '-') {
		neg = s[i] == '-'
		i++
	}
	digit := func(c byte) int64 {
		switch {
		case c >= '0' && c <= '9':
			return int64(c - '0')
		case c >= 'a' && c <= 'z':
			return int64(c-'a') + 10
		case c >= 'A' && c <= 'Z':
			return int64(c-'A') + 10
		}
		return 99
	}
	hasHex := i+2 < len(s) && s[i] == '0' && (s[i+1] == 'x' || s[i+1] == 'X') && digit(s[i+2]) < 16
	switch {
	case (base == 16 || base == 0) && hasHex:
		i += 2
		base = 16
	case base == 0 && i < len(s) && s[i] == '0':
		base = 8
	case base == 0:
		base = 10
	}
	var u uint64
	over := false
	for ; i < len(s) && digit(s[i]) < base; i++ {
		next := u*uint64(base) + uint64(digit(s[i]))
		if (next-uint64(digit(s[i])))/uint64(base) != u || next > 1<<63 {
			over = true
		}
		u = next
	}
	switch {
	case neg && (over || u > 1<<63):
		return math.MinInt64
	case neg:
		return -int64(u)
	case over || u > math.MaxInt64:
		return math.MaxInt64
	}
	return int64(u)
}

func toUpperASCII(c byte) byte {
	if c >= 'a' && c <= 'z' {
		return c - 32
	}
	return c
}

func toLowerASCII(c byte) byte {
	if c >= 'A' && c <= 'Z' {
		return c + 32
	}
	return c
}

// phpMapString maps every byte (PHP 8.2's strtoupper and strtolower only
// change ASCII letters).
func phpMapString(a phpArgs, f func(byte) byte) (any, error) {
	s, err := a.str(0)
	if err != nil {
		return nil, err
	}
	b := []byte(s)
	for i := range b {
		b[i] = f(b[i])
	}
	return string(b), nil
}

func phpFirstByte(a phpArgs, f func(byte) byte) (any, error) {
	s, err := a.str(0)
	if err != nil || s == "" {
		return s, err
	}
	return string([]byte{f(s[0])}) + s[1:], nil
}

func phpUcwords(a phpArgs) (any, error) {
	s, err := a.str(0)
	if err != nil {
		return nil, err
	}
	delims, err := a.optStr(1, " \t\r\n\f\v")
	if err != nil {
		return nil, err
	}
	b := []byte(s)
	for i := range b {
		if i == 0 || strings.IndexByte(delims, b[i-1]) >= 0 {
			b[i] = toUpperASCII(b[i])
		}
	}
	return string(b), nil
}

func phpStrRepeat(a phpArgs) (any, error) {
	s, err := a.str(0)
	if err != nil {
		return nil, err
	}
	n, err := a.int(1)
	if err != nil {
		return nil, err
	}
	if n < 0 {
		return nil, fmt.Errorf("argument #2 (the times) must be greater than or equal to 0")
	}
	if s != "" && n > maxPHPString/int64(len(s)) {
		return nil, checkString(maxPHPString + 1)
	}
	return strings.Repeat(s, int(n)), nil
}

func phpStrPad(a phpArgs) (any, error) {
	s, err := a.str(0)
	if err != nil {
		return nil, err
	}
	length, err := a.int(1)
	if err != nil {
		return nil, err
	}
	pad, err := a.optStr(2, " ")
	if err != nil {
		return nil, err
	}
	kind, err := a.optInt(3, 1)
	if err != nil {
		return nil, err
	}
	if length <= int64(len(s)) {
		return s, nil
	}
	switch {
	case pad == "":
		return nil, fmt.Errorf("argument #3 (the pad string) must be a non-empty string")
	case kind < 0 || kind > 2:
		return nil, fmt.Errorf("argument #4 (the pad type) must be STR_PAD_LEFT, STR_PAD_RIGHT, or STR_PAD_BOTH")
	}
	if err := checkString(length); err != nil {
		return nil, err
	}
	n := int(length) - len(s)
	left := map[int64]int{0: n, 1: 0, 2: n / 2}[kind]
	fill := func(k int) string {
		var b strings.Builder
		for i := 0; i < k; i++ {
			b.WriteByte(pad[i%len(pad)])
		}
		return b.String()
	}
	return fill(left) + s + fill(n-left), nil
}

func phpImplode(a phpArgs) (any, error) {
	sep, arr := "", (*phpArray)(nil)
	var err error
	if len(a) == 1 {
		if arr, err = a.array(0); err != nil {
			return nil, err
		}
	} else {
		if arr, err = a.array(1); err != nil {
			return nil, a.typeErr(1, "?array")
		}
		if sep, err = a.str(0); err != nil {
			return nil, err
		}
	}
	var b strings.Builder
	for i, v := range arr.vals {
		s, err := phpString(v)
		if err != nil {
			return nil, err
		}
		if i > 0 {
			b.WriteString(sep)
		}
		b.WriteString(s)
		if err := checkString(int64(b.Len())); err != nil {
			return nil, err
		}
	}
	return b.String(), nil
}

func phpExplode(a phpArgs) (any, error) {
	sep, err := a.str(0)
	if err != nil {
		return nil, err
	}
	s, err := a.str(1)
	if err != nil {
		return nil, err
	}
	limit, err := a.optInt(2, math.MaxInt64)
	if err != nil {
		return nil, err
	}
	if sep == "" {
		return nil, fmt.Errorf("argument #1 (the separator) cannot be empty")
	}
	n := int64(strings.Count(s, sep)) + 1
	if limit > 0 {
		n = min(n, limit)
	}
	if err := checkElements(n); err != nil {
		return nil, err
	}
	out := &phpArray{}
	var parts []string
	switch {
	case s == "":
		if limit >= 0 {
			parts = []string{""}
		}
	case limit > 1:
		parts = strings.SplitN(s, sep, int(min(limit, maxPHPElements+1)))
	case limit < 0:
		parts = strings.Split(s, sep)
		parts = parts[:max(int64(len(parts))+limit, 0)]
	default:
		parts = []string{s}
	}
	for _, p := range parts {
		out.push(p)
	}
	return out, nil
}

func phpStrlen(a phpArgs) (any, error) {
	s, err := a.str(0)
	return int64(len(s)), err
}

func phpSubstr(a phpArgs) (any, error) {
	s, err := a.str(0)
	if err != nil {
		return nil, err
	}
	n := int64(len(s))
	f, err := a.int(1)
	if err != nil {
		return nil, err
	}
	l, err := a.optInt(2, math.MinInt64)
	if err != nil {
		return nil, err
	}
	if f > n {
		return "", nil
	}
	if f < 0 {
		f = max(n+f, 0)
	}
	switch {
	case l == math.MinInt64: // null: to the end
		l = n - f
	case l < 0:
		l = max(n-f+l, 0)
	case l > n-f:
		l = n - f
	}
	return s[f : f+l], nil
}

// phpStrReplace is str_replace: a string or an array of them searched (in
// order, each in the result of the one before), replaced by a string or by
// the replacement at the same place ("" past the last); the subject a
// string or an array of strings (keys kept).
func phpStrReplace(a phpArgs) (any, error) {
	if a.has(3) {
		return nil, fmt.Errorf("the count argument (by reference) is not read")
	}
	var search, repl []string
	sArr, searchIsArr := a[0].(*phpArray)
	rArr, replIsArr := a[1].(*phpArray)
	if !searchIsArr {
		s, err := a.str(0)
		if err != nil {
			return nil, err
		}
		if replIsArr {
			return nil, fmt.Errorf("argument #2 (the replacement) must be of type string when argument #1 (the search) is a string")
		}
		r, err := a.str(1)
		if err != nil {
			return nil, err
		}
		search, repl = []string{s}, []string{r}
	} else {
		for i, v := range sArr.vals {
			s, err := phpStringElem(v)
			if err != nil {
				return nil, err
			}
			search = append(search, s)
			r := ""
			switch {
			case replIsArr && i < len(rArr.vals):
				if r, err = phpStringElem(rArr.vals[i]); err != nil {
					return nil, err
				}
			case !replIsArr:
				if r, err = a.str(1); err != nil {
					return nil, err
				}
			}
			repl = append(repl, r)
		}
	}
	searched := int64(0) // bytes searched, bounded: many searches in a long subject
	replace := func(subject string) (string, error) {
		for i, s := range search {
			if s == "" || subject == "" {
				continue
			}
			if searched += int64(len(subject)); searched > maxPHPSearch {
				return "", fmt.Errorf("the replacements search more than %d bytes in all (256 MB): the reader stops there", maxPHPSearch)
			}
			grow := int64(strings.Count(subject, s)) * int64(len(repl[i])-len(s))
			if err := checkString(int64(len(subject)) + grow); err != nil {
				return "", err
			}
			subject = strings.ReplaceAll(subject, s, repl[i])
		}
		return subject, nil
	}
	subj, isArr := a[2].(*phpArray)
	if !isArr {
		s, err := a.str(2)
		if err != nil {
			return nil, err
		}
		return replace(s)
	}
	out := &phpArray{keyed: subj.keyed}
	for i, k := range subj.keys {
		s, err := phpStringElem(subj.vals[i])
		if err != nil {
			return nil, err
		}
		if s, err = replace(s); err != nil {
			return nil, err
		}
		out.set(k, s)
	}
	return out, nil
}

// phpStringElem is an element read as a string: an array would be
// "Array", with a warning.
func phpStringElem(v any) (string, error) {
	if _, ok := v.(*phpArray); ok {
		return "", fmt.Errorf("an array element is not a string (PHP reads it as \"Array\" with a warning)")
	}
	return phpString(v)
}

func phpTrim(a phpArgs, left, right bool) (any, error) {
	s, err := a.str(0)
	if err != nil {
		return nil, err
	}
	chars, err := a.optStr(1, " \n\r\t\v\x00")
	if err != nil {
		return nil, err
	}
	mask, err := charMask(chars)
	if err != nil {
		return nil, err
	}
	i, j := 0, len(s)
	for left && i < j && mask[s[i]] {
		i++
	}
	for right && j > i && mask[s[j-1]] {
		j--
	}
	return s[i:j], nil
}

// charMask reads trim's character list, with ranges ("a..z"); PHP warns
// at a bad range, the reader stops.
func charMask(chars string) (*[256]bool, error) {
	var mask [256]bool
	for i := 0; i < len(chars); i++ {
		c := chars[i]
		switch {
		case i+3 < len(chars) && chars[i+1] == '.' && chars[i+2] == '.' && chars[i+3] >= c:
			for x := int(c); x <= int(chars[i+3]); x++ {
				mask[x] = true
			}
			i += 3
		case i+1 < len(chars) && c == '.' && chars[i+1] == '.':
			return nil, fmt.Errorf("invalid '..'-range in %q", chars)
		default:
			mask[c] = true
		}
	}
	return &mask, nil
}

func phpSprintfArgs(a phpArgs, v bool) (any, error) {
	format, err := a.str(0)
	if err != nil {
		return nil, err
	}
	args := []any(a[1:])
	if v {
		arr, err := a.array(1)
		if err != nil {
			return nil, err
		}
		args = arr.vals
	}
	return phpSprintf(format, args, v)
}

// phpSprintf is PHP's sprintf for the conversions the reader reads: %d %u
// %s %f %F %e %E %x %X %o %b %c %%, with argument numbers (%2$s), flags (-
// + 0, space, 'c for a pad character), width and precision, as PHP's
// formatted_print.c pads them. v: vsprintf (its argument count message).
func phpSprintf(format string, args []any, v bool) (string, error) {
	var b strings.Builder
	cur, missing := 0, -1
	for i := 0; i < len(format); i++ {
		if format[i] != '%' {
			b.WriteByte(format[i])
			continue
		}
		if i+1 < len(format) && format[i+1] == '%' {
			b.WriteByte('%')
			i++
			continue
		}
		spec, next, err := readSpec(format, i+1)
		if err != nil {
			return "", err
		}
		i = next
		argnum := spec.argnum
		if argnum < 0 {
			argnum = cur
			cur++
		}
		if argnum >= len(args) {
			missing = max(missing, argnum)
			continue
		}
		if err := spec.format(&b, args[argnum]); err != nil {
			return "", err
		}
		if err := checkString(int64(b.Len())); err != nil {
			return "", err
		}
	}
	if missing >= 0 {
		if v {
			return "", fmt.Errorf("the arguments array must contain %d items, %d given", missing+1, len(args))
		}
		return "", fmt.Errorf("%d arguments are required, %d given", missing+2, len(args)+1)
	}
	return b.String(), nil
}

// sprintfSpec is one conversion: %[argnum$][flags][width][.precision]c.
type sprintfSpec struct {
	argnum         int // -1: the next argument
	padding        byte
	left, plus     bool
	width, prec    int
	conv           byte
	precisionDigit bool // digits followed the '.'
}

func readSpec(f string, i int) (sprintfSpec, int, error) {
	s := sprintfSpec{argnum: -1, padding: ' '}
	number := func() (int, error) {
		j := i
		for i < len(f) && isDigit(f[i]) {
			i++
		}
		n, err := strconv.Atoi(f[j:i])
		if err != nil || n > math.MaxInt32 {
			return 0, fmt.Errorf("a number in the format is too large")
		}
		return n, nil
	}
	j := i
	for j < len(f) && isDigit(f[j]) {
		j++
	}
	if j < len(f) && f[j] == '$' {
		n, err := number()
		if err != nil || n <= 0 {
			return s, 0, fmt.Errorf("argument number specifier must be greater than zero")
		}
		s.argnum = n - 1
		i++
	}
flags:
	for ; i < len(f); i++ {
		switch f[i] {
		case ' ', '0':
			s.padding = f[i]
		case '-':
			s.left = true
		case '+':
			s.plus = true
		case '\'':
			if i+1 >= len(f) {
				return s, 0, fmt.Errorf("missing padding character")
			}
			i++
			s.padding = f[i]
		default:
			break flags
		}
	}
	if i < len(f) && f[i] == '*' {
		return s, 0, fmt.Errorf("a width taken from the arguments (%%*) is not read")
	}
	if i < len(f) && isDigit(f[i]) {
		n, err := number()
		if err != nil {
			return s, 0, err
		}
		if err := checkString(int64(n)); err != nil {
			return s, 0, err
		}
		s.width = n
	}
	if i < len(f) && f[i] == '.' {
		i++
		if i < len(f) && f[i] == '*' {
			return s, 0, fmt.Errorf("a precision taken from the arguments (%%.*) is not read")
		}
		if i < len(f) && isDigit(f[i]) {
			n, err := number()
			if err != nil {
				return s, 0, err
			}
			s.prec, s.precisionDigit = n, true
		}
	}
	if i < len(f) && f[i] == 'l' {
		i++
	}
	if i >= len(f) {
		return s, 0, fmt.Errorf("missing format specifier at end of string")
	}
	s.conv = f[i]
	if strings.IndexByte("sdueEfFcoxXb%", s.conv) < 0 {
		return s, 0, fmt.Errorf("%%%c is not read (only %%d %%u %%s %%f %%F %%e %%E %%x %%X %%o %%b %%c %%%% are)", s.conv)
	}
	return s, i, nil
}

func (s sprintfSpec) format(b *strings.Builder, v any) error {
	switch s.conv {
	case 's':
		str, err := phpStringElem(v)
		if err != nil {
			return err
		}
		s.plus = false
		s.pad(b, str, false, s.precisionDigit)
	case 'd':
		n, _ := phpToInt(v)
		if s.left && s.padding == '0' {
			s.padding = ' ' // PHP does not pad an integer with 0s on the right
		}
		str := strconv.FormatInt(n, 10)
		if n >= 0 && s.plus {
			str = "+" + str
		}
		s.pad(b, str, n < 0, false)
	case 'u':
		n, _ := phpToInt(v)
		if s.left && s.padding == '0' {
			s.padding = ' '
		}
		s.plus = false
		s.pad(b, strconv.FormatUint(uint64(n), 10), false, false)
	case 'c':
		n, _ := phpToInt(v)
		b.WriteByte(byte(n))
	case 'o', 'x', 'X', 'b':
		n, _ := phpToInt(v)
		base := map[byte]int{'o': 8, 'x': 16, 'X': 16, 'b': 2}[s.conv]
		str := strconv.FormatUint(uint64(n), base)
		if s.conv == 'X' {
			str = strings.ToUpper(str)
		}
		s.plus, s.prec = false, 0 // PHP cuts to the precision: none
		s.pad(b, str, false, s.precisionDigit)
	case '%':
		b.WriteByte('%')
	default: // e E f F
		if s.precisionDigit && s.prec > 53 {
			return fmt.Errorf("a precision of %d digits: PHP cuts it to 53 with a notice", s.prec)
		}
		f, _ := phpToFloat(v)
		s.pad(b, s.float(f), f < 0, false)
	}
	return nil
}

// float formats %e %E %f %F: 6 digits by default, at most 53.
func (s sprintfSpec) float(f float64) string {
	prec := 6
	if s.precisionDigit {
		prec = s.prec
	}
	switch {
	case math.IsNaN(f):
		return "NaN"
	case math.IsInf(f, 1) && s.plus:
		return "+Inf"
	case math.IsInf(f, 1):
		return "Inf"
	case math.IsInf(f, -1):
		return "-Inf"
	}
	var str string
	if s.conv == 'f' || s.conv == 'F' {
		str = strconv.FormatFloat(math.Abs(f), 'f', prec, 64)
	} else {
		str = strconv.FormatFloat(math.Abs(f), 'e', prec, 64)
		k := strings.IndexByte(str, 'e')
		exp, _ := strconv.Atoi(str[k+1:])
		sign := "+"
		if exp < 0 {
			sign, exp = "-", -exp
		}
		str = str[:k] + string(s.conv) + sign + strconv.Itoa(exp)
	}
	switch {
	case f < 0:
		str = "-" + str
	case s.plus:
		str = "+" + str
	}
	return str
}

// pad writes str padded to the width (php_sprintf_appendstring): with the
// sign first when the padding is 0s; cut to the precision when cut.
func (s sprintfSpec) pad(b *strings.Builder, str string, neg, cut bool) {
	n := len(str)
	if cut && s.prec < n {
		n = s.prec
	}
	npad := max(s.width-n, 0)
	if !s.left {
		if (neg || s.plus) && s.padding == '0' && n > 0 {
			b.WriteByte(str[0])
			str, n = str[1:], n-1
		}
		b.WriteString(strings.Repeat(string(s.padding), npad))
	}
	b.WriteString(str[:n])
	if s.left {
		b.WriteString(strings.Repeat(string(s.padding), npad))
	}
}

func phpNumberFormatFunc(a phpArgs) (any, error) {
	d, err := a.float(0)
	if err != nil {
		return nil, err
	}
	dec, err := a.optInt(1, 0)
	if err != nil {
		return nil, err
	}
	dp, ts := ".", ","
	if a.has(2) && a[2] != nil {
		if dp, err = a.str(2); err != nil {
			return nil, err
		}
	}
	if a.has(3) && a[3] != nil {
		if ts, err = a.str(3); err != nil {
			return nil, err
		}
	}
	if err := checkString(dec); err != nil {
		return nil, err
	}
	return phpNumberFormat(d, int(max(min(dec, math.MaxInt32), 0)), dp, ts), nil
}

// phpNumberFormat is number_format: rounded as round() does, digits
// grouped by three.
func phpNumberFormat(d float64, dec int, dp, ts string) string {
	neg := d < 0
	d = phpRound(math.Abs(d), dec)
	if math.IsInf(d, 0) || math.IsNaN(d) {
		return phpfmt.Float(d)
	}
	s := strconv.FormatFloat(d, 'f', min(dec, 500), 64) + strings.Repeat("0", max(dec-500, 0))
	if d == 0 {
		neg = false
	}
	whole, frac, _ := strings.Cut(s, ".")
	var b strings.Builder
	if neg {
		b.WriteByte('-')
	}
	for i := range len(whole) {
		if i > 0 && (len(whole)-i)%3 == 0 {
			b.WriteString(ts)
		}
		b.WriteByte(whole[i])
	}
	if dec > 0 {
		b.WriteString(dp)
		b.WriteString(frac)
	}
	return b.String()
}
