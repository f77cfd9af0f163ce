package phpfmt

import (
	"math"
	"strconv"
	"strings"
)

// Float is PHP's string of a float with its default precision of 14
// significant digits: plain notation, or "1.5E+20" / "1.0E-7" when the
// exponent is below -4 or above 13; "NAN", "INF", "-INF", "-0".
func Float(x float64) string {
	switch {
	case math.IsNaN(x):
		return "NAN"
	case math.IsInf(x, 1):
		return "INF"
	case math.IsInf(x, -1):
		return "-INF"
	case x == 0:
		if math.Signbit(x) {
			return "-0"
		}
		return "0"
	}
	return Gcvt(x, 14)
}

// Gcvt formats x (finite, not 0) with prec significant digits as PHP's
// php_gcvt ("%.*G"): positional unless the exponent is below -4 or at
// least prec, then "1.5E-5", "1.0E+25"; trailing zeros dropped.
func Gcvt(x float64, prec int) string {
	var b strings.Builder
	if x < 0 {
		b.WriteByte('-')
		x = -x
	}
	e := strconv.FormatFloat(x, 'e', prec-1, 64)
	k := strings.IndexByte(e, 'e')
	exp, _ := strconv.Atoi(e[k+1:])
	digits := strings.TrimRight(strings.Replace(e[:k], ".", "", 1), "0")
	decpt := exp + 1 // x = 0.digits × 10^decpt
	switch {
	case decpt < -3 || decpt > prec:
		b.WriteByte(digits[0])
		b.WriteByte('.')
		if len(digits) == 1 {
			b.WriteByte('0')
		} else {
			b.WriteString(digits[1:])
		}
		b.WriteByte('E')
		if exp < 0 {
			b.WriteByte('-')
			exp = -exp
		} else {
			b.WriteByte('+')
		}
		b.WriteString(strconv.Itoa(exp))
	case decpt <= 0:
		b.WriteString("0.")
		b.WriteString(strings.Repeat("0", -decpt))
		b.WriteString(digits)
	default:
		if len(digits) <= decpt {
			b.WriteString(digits)
			b.WriteString(strings.Repeat("0", decpt-len(digits)))
		} else {
			b.WriteString(digits[:decpt])
			b.WriteByte('.')
			b.WriteString(digits[decpt:])
		}
	}
	return b.String()
}
