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
// ("5 or more", "1 per card", "7 unless tied"): such cells stay text.
var unitStop = map[string]bool{
	"or": true, "and": true, "per": true, "to": true, "from": true, "of": true, "each": true, "more": true,
	"less": true, "than": true, "high": true, "low": true, "x": true, "×": true, "times": true, "plus": true,
	"minus": true, "if": true, "for": true, "with": true, "in": true, "on": true, "at": true, "the": true,
	"a": true, "an": true, "is": true, "are": true, "up": true, "down": true, "max": true, "min": true,
	// Conditions: "7 unless tied" and "6 when alone" read 7 and 6.
	"unless": true, "when": true, "whenever": true, "while": true, "until": true, "except": true,
	"but": true, "without": true, "after": true, "before": true, "during": true, "then": true,
	"otherwise": true, "instead": true, "not": true, "vs": true,
}

// ParseNumber reads a number as wiki authors write them: an optional sign
// (including the Unicode minus), an optional currency sign, digits with
// optional thousands separators and decimals, an optional '%'; or a
// vulgar fraction, alone or after a whole number, a space between or not
// ("½", "2½", "2 ½": 0.5, 2.5, 2.5). "1/2" and "3/4" stay text: in a rule
// table "3/4" is as often three or four (players) as three quarters.
// Thousands are grouped by commas or by no-break or thin spaces ("1,000",
// "1 000"), in groups of three after one to three digits; what could be
// either a thousands separator or a decimal sign is not a number: "1,5"
// and "0,500" (European decimals), "1.000" and "100.000" (a thousand and
// a hundred thousand on a European page, one and a hundred on an English
// one).
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
	var digits strings.Builder
	// The whole part, its thousands grouped by one separator (",", or a
	// no-break or thin space) after one to three digits that are not a
	// lone 0: "0,500" is a European decimal, "12345,678" no number.
	i := 0
	for i < len(s) && isDigitByte(s[i]) {
		i++
	}
	digits.WriteString(s[:i])
	grouped := false
	for groupSep := ""; i < len(s); {
		sep := thousandsSep(s[i:])
		if sep == "" {
			break
		}
		if groupSep != "" && sep != groupSep || !grouped && (i > 3 || s[0] == '0') {
			return nil, false
		}
		j := i + len(sep)
		if j+3 > len(s) || !allDigits(s[j:j+3]) || j+3 < len(s) && isDigitByte(s[j+3]) {
			return nil, false
		}
		groupSep, grouped = sep, true
		digits.WriteString(s[j : j+3])
		i = j + 3
	}
	seenDot := false
	if i < len(s) && s[i] == '.' {
		j := i + 1
		for j < len(s) && isDigitByte(s[j]) {
			j++
		}
		if j == i+1 {
			return nil, false
		}
		// "1.000" and "100.000": a dot before three digits after one to
		// three is a thousands separator on a European page and a decimal
		// point on an English one; the text is kept rather than read
		// one way.
		if !grouped && j-i-1 == 3 && i <= 3 && s[0] != '0' {
			return nil, false
		}
		seenDot = true
		digits.WriteString(s[i:j])
		i = j
	}
	if i != len(s) {
		return nil, false
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
	if r, n := utf8.DecodeLastRuneInString(whole); isGroupSpace(r) {
		whole = whole[:len(whole)-n]
	}
	if whole != "" && !allDigits(whole) {
		return "", 0, false
	}
	return whole, frac, true
}

// thousandsSep is the thousands separator s starts with: a comma, or a
// no-break, narrow no-break or thin space; "" for none.
func thousandsSep(s string) string {
	if strings.HasPrefix(s, ",") {
		return ","
	}
	r, size := utf8.DecodeRuneInString(s)
	if isGroupSpace(r) {
		return s[:size]
	}
	return ""
}

// isGroupSpace reports whether r is a space that groups digits: a
// no-break, narrow no-break or thin space ("1 000"). A plain space does
// not: a cell's line break reads as one ("100<br>200").
func isGroupSpace(r rune) bool { return r == '\u00a0' || r == '\u202f' || r == '\u2009' }

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
	// The number is read with the spaces that group its digits ("1 000"
	// with a no-break space), which the text's own collapse loses.
	n := collapseKeepingGroups(text)
	if v, ok := ParseNumber(n); ok {
		return v
	}
	// Footnote marks after a number are not part of it ("14*", "13 [2]"):
	// all of them are taken off at once, and what is left read once (one
	// at a time, each reading the cell again, a cell of many marks took
	// time quadratic in it).
	if rest, ok := stripFootnoteMarks(n); ok {
		if v, ok := ParseNumber(rest); ok {
			return v
		}
		if v := numberAndUnit(rest); v != nil {
			return v
		}
		return t
	}
	if v := numberAndUnit(n); v != nil {
		return v
	}
	return t
}

// numberAndUnit reads a collapsed cell text as a number and a unit of up
// to two words ("14 cards", "1 ¾ points"): the number, or nil.
func numberAndUnit(n string) Value {
	fields := strings.Split(n, " ")
	if len(fields) >= 3 && vulgarFractions[fields[1]] != 0 {
		// "1 ¾ points": the number is two fields.
		fields = append([]string{fields[0] + " " + fields[1]}, fields[2:]...)
	}
	if len(fields) >= 2 && len(fields) <= 3 {
		if v, ok := ParseNumber(fields[0]); ok {
			unit := true
			for i, w := range fields[1:] {
				// A percent sign apart ("30 %", as French pages
				// write it) is the number's as "30%"'s is.
				if i == 0 && w == "%" {
					continue
				}
				if unitStop[strings.ToLower(w)] || !isWord(w) {
					unit = false
				}
			}
			if unit {
				return v
			}
		}
	}
	return nil
}

// collapseKeepingGroups is strings.Join(strings.Fields(s), " ") but for the
// no-break and thin spaces that group a number's thousands ("1 000"),
// which are kept: one between digits, after one to three (not starting
// with 0) or a group before it, and before three digits and no more. One
// between numbers that cannot be so grouped separates them as a space
// does ("2 3 4", "13 10": values aligned with &nbsp;).
func collapseKeepingGroups(s string) string {
	var b strings.Builder
	gap := false
	var prev rune
	run, grouped := 0, false // the digits before, and whether a kept space is before them
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		c := s[i : i+size] // as it is: a byte that is not UTF-8 stays (strings.Fields keeps it)
		i += size
		if unicode.IsSpace(r) {
			// i is where the three digits of a group would start.
			if isGroupSpace(r) && prev >= '0' && prev <= '9' && !gap &&
				(grouped && run == 3 || !grouped && run <= 3 && s[i-size-run] != '0') &&
				i+3 <= len(s) && allDigits(s[i:i+3]) && (i+3 == len(s) || !isDigitByte(s[i+3])) {
				b.WriteString(c)
				prev = r
				run, grouped = 0, true
				continue
			}
			gap = true
			run, grouped = 0, false
			continue
		}
		if gap && b.Len() > 0 {
			b.WriteByte(' ')
		}
		gap = false
		b.WriteString(c)
		prev = r
		if r >= '0' && r <= '9' {
			run++
		} else {
			run, grouped = 0, false
		}
	}
	return b.String()
}

func isText(v Value) bool {
	_, ok := v.(string)
	return ok
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

// isFootnoteMark reports whether s is a footnote mark as authors type
// them after a value: asterisks, a dagger or double dagger, or a short
// label in brackets ("[1]", "[a]", "[note 2]").
func isFootnoteMark(s string) bool {
	switch {
	case s == "":
		return false
	case strings.Trim(s, "*") == "", s == "†", s == "‡", s == "††", s == "‡‡":
		return true
	case len(s) >= 3 && len(s) <= 12 && s[0] == '[' && s[len(s)-1] == ']':
		in := s[1 : len(s)-1]
		if in[0] == ' ' || in[len(in)-1] == ' ' {
			return false
		}
		for _, r := range in {
			if !unicode.IsLetter(r) && !unicode.IsDigit(r) && r != ' ' {
				return false
			}
		}
		return true
	}
	return false
}

// isSupMark reports whether s, a superscript's text, is a footnote mark:
// a mark as isFootnoteMark reads them, a number of one or two digits or a
// single letter ("14<sup>1</sup>", "14<sup>a</sup>"); a word ("1<sup>st</sup>")
// is not.
func isSupMark(s string) bool {
	s = strings.TrimSpace(s)
	if isFootnoteMark(s) || len(s) >= 1 && len(s) <= 2 && allDigits(s) {
		return true
	}
	r, size := utf8.DecodeRuneInString(s)
	return size == len(s) && unicode.IsLetter(r)
}

// stripFootnoteMark takes a footnote mark typed after a value off a
// text ("14*", "13 [2]", "12†"): the text before it, and whether there
// was one. A text that is only a mark keeps it.
func stripFootnoteMark(t string) (string, bool) {
	for _, m := range []string{"*", "†", "‡"} {
		if strings.HasSuffix(t, m) {
			rest := strings.TrimSuffix(t, m)
			if m == "*" {
				rest = strings.TrimRight(t, m)
			}
			rest = strings.TrimSpace(rest)
			return rest, rest != ""
		}
	}
	if strings.HasSuffix(t, "]") {
		if i := strings.LastIndexByte(t, '['); i > 0 && isFootnoteMark(t[i:]) {
			rest := strings.TrimSpace(t[:i])
			return rest, rest != ""
		}
	}
	return t, false
}

// stripFootnoteMarks takes every footnote mark typed after a value off a
// text ("14 [1] [2]*"), as stripFootnoteMark does one: the text before
// them, and whether there was one. It takes time linear in the marks.
func stripFootnoteMarks(t string) (string, bool) {
	rest, ok := stripFootnoteMark(t)
	if !ok {
		return t, false
	}
	for {
		r, ok := stripFootnoteMark(rest)
		if !ok {
			return rest, true
		}
		rest = r
	}
}
