package extract

import (
	"fmt"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Value is a cell value: int64, float64, string, or nil for an empty cell.
type Value = any

// unitStop are words that, after a number, say more than a unit does
// ("5 or more", "1 per card"): such cells stay text.
var unitStop = map[string]bool{
	"or": true, "and": true, "per": true, "to": true, "from": true, "of": true, "each": true, "more": true,
	"less": true, "than": true, "high": true, "low": true, "x": true, "×": true, "times": true, "plus": true,
	"minus": true, "if": true, "for": true, "with": true, "in": true, "on": true, "at": true, "the": true,
	"a": true, "an": true, "is": true, "are": true, "up": true, "down": true, "max": true, "min": true,
}

// ParseNumber reads a number as wiki authors write them: an optional sign
// (including the Unicode minus), an optional currency sign, digits with
// optional thousands separators and decimals, an optional '%'; or a
// vulgar fraction, alone or after a whole number, a space between or not
// ("½", "2½", "2 ½": 0.5, 2.5, 2.5). "1/2" and "3/4" stay text: in a rule
// table "3/4" is as often three or four (players) as three quarters.
func ParseNumber(s string) (Value, bool) {
	s = strings.TrimSpace(s)
	if s == "" {
		return nil, false
	}
	neg := false
	switch {
	case strings.HasPrefix(s, "-"), strings.HasPrefix(s, "−"), strings.HasPrefix(s, "–"):
		neg = true
		s = s[len(firstRune(s)):]
	case strings.HasPrefix(s, "+"):
		s = s[1:]
	}
	for _, cur := range []string{"$", "€", "£", "¥"} {
		s = strings.TrimPrefix(s, cur)
	}
	s = strings.TrimSuffix(s, "%")
	if whole, frac, ok := cutFraction(s); ok {
		v := frac
		if whole != "" {
			n, err := strconv.ParseInt(whole, 10, 64)
			if err != nil || n > 1<<53 {
				return nil, false
			}
			v += float64(n)
		}
		if neg {
			v = -v
		}
		return v, true
	}
	if s == "" || !isDigitByte(s[0]) {
		return nil, false
	}
	digits := strings.Builder{}
	seenDot := false
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case isDigitByte(c):
			digits.WriteByte(c)
		case c == ',' && !seenDot && i > 0 && i+4 <= len(s) && allDigits(s[i+1:i+4]) && (i+4 == len(s) || !isDigitByte(s[i+4])):
			// A thousands separator: exactly three digits follow.
		case c == '.' && !seenDot && i+1 < len(s) && isDigitByte(s[i+1]):
			seenDot = true
			digits.WriteByte('.')
		default:
			return nil, false
		}
	}
	d := digits.String()
	if neg {
		d = "-" + d
	}
	if !seenDot {
		if v, err := strconv.ParseInt(d, 10, 64); err == nil {
			return v, true
		}
	}
	v, err := strconv.ParseFloat(d, 64)
	if err != nil {
		return nil, false
	}
	return v, true
}

// vulgarFractions are the fractions Unicode writes in one character.
var vulgarFractions = map[string]float64{
	"½": 1.0 / 2, "⅓": 1.0 / 3, "⅔": 2.0 / 3, "¼": 1.0 / 4, "¾": 3.0 / 4, "⅕": 1.0 / 5, "⅖": 2.0 / 5,
	"⅗": 3.0 / 5, "⅘": 4.0 / 5, "⅙": 1.0 / 6, "⅚": 5.0 / 6, "⅐": 1.0 / 7, "⅛": 1.0 / 8, "⅜": 3.0 / 8,
	"⅝": 5.0 / 8, "⅞": 7.0 / 8, "⅑": 1.0 / 9, "⅒": 1.0 / 10,
}

// cutFraction reads s as digits (or nothing), at most one space, and a
// vulgar fraction: the digits and the fraction's value.
func cutFraction(s string) (whole string, frac float64, ok bool) {
	_, size := utf8.DecodeLastRuneInString(s)
	frac, ok = vulgarFractions[s[len(s)-size:]]
	if !ok {
		return "", 0, false
	}
	whole = strings.TrimSuffix(s[:len(s)-size], " ")
	if whole != "" && !allDigits(whole) {
		return "", 0, false
	}
	return whole, frac, true
}

func firstRune(s string) string {
	for _, r := range s {
		return string(r)
	}
	return ""
}

func isDigitByte(c byte) bool { return c >= '0' && c <= '9' }

func allDigits(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if !isDigitByte(s[i]) {
			return false
		}
	}
	return true
}

// CellValue turns a cell's text into a value: a number when the text is a
// number, possibly followed by a unit of up to two words ("14 cards", "10
// starting points"); the text otherwise ("5 or more" says more than 5).
func CellValue(text string) Value {
	t := strings.Join(strings.Fields(text), " ")
	if t == "" {
		return nil
	}
	if v, ok := ParseNumber(t); ok {
		return v
	}
	fields := strings.Fields(t)
	if len(fields) >= 3 && vulgarFractions[fields[1]] != 0 {
		// "1 ¾ points": the number is two fields.
		fields = append([]string{fields[0] + " " + fields[1]}, fields[2:]...)
	}
	if len(fields) >= 2 && len(fields) <= 3 {
		if v, ok := ParseNumber(fields[0]); ok {
			unit := true
			for _, w := range fields[1:] {
				if unitStop[strings.ToLower(w)] || !isWord(w) {
					unit = false
				}
			}
			if unit {
				return v
			}
		}
	}
	return t
}

func isWord(w string) bool {
	for _, r := range w {
		if !unicode.IsLetter(r) {
			return false
		}
	}
	return w != ""
}

// leadingNumber returns the number a text starts with ("5 or more" → 5).
func leadingNumber(s string) (Value, bool) {
	f := strings.Fields(s)
	if len(f) == 0 {
		return nil, false
	}
	return ParseNumber(f[0])
}

// FormatValue writes a value as the YAML and JSON outputs hold it: a
// number in decimal, text as it is, and "" for no value (null). Whatever
// shows a table's values (the site's rule-table pages) writes them with
// it, so they read exactly as the data.
func FormatValue(v Value) string {
	switch x := v.(type) {
	case nil:
		return ""
	case int64:
		return strconv.FormatInt(x, 10)
	case int:
		return strconv.Itoa(x)
	case float64:
		return strconv.FormatFloat(x, 'g', -1, 64)
	case string:
		return x
	}
	return fmt.Sprint(v)
}
