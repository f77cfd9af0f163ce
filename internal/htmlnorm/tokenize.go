package htmlnorm

import (
	"fmt"
	"html"
	"strconv"
	"strings"
)

// tokenize feeds text to the builder the way Python's html.parser does with
// convert_charrefs: tags with lower-cased names and unescaped attribute
// values, text with character references decoded, comments, declarations
// and processing instructions dropped.
func tokenize(s string, b *builder) {
	i := 0
	textStart := 0
	flush := func(end int) {
		if end > textStart {
			b.data(unescape(s[textStart:end]))
		}
	}
	for i < len(s) {
		j := strings.IndexByte(s[i:], '<')
		if j < 0 {
			break
		}
		i += j
		rest := s[i:]
		switch {
		case strings.HasPrefix(rest, "<!--"):
			flush(i)
			e := strings.Index(rest[4:], "-->")
			if e < 0 {
				i = len(s)
			} else {
				i += 4 + e + 3
			}
			textStart = i
			continue
		case strings.HasPrefix(rest, "<!") || strings.HasPrefix(rest, "<?"):
			flush(i)
			e := strings.IndexByte(rest, '>')
			if e < 0 {
				i = len(s)
			} else {
				i += e + 1
			}
			textStart = i
			continue
		case strings.HasPrefix(rest, "</") && len(rest) > 2 && isAlpha(rest[2]):
			e := strings.IndexByte(rest, '>')
			if e < 0 {
				i++
				continue
			}
			flush(i)
			name := rest[2:e]
			if k := strings.IndexAny(name, " \t\n\r\f/"); k >= 0 {
				name = name[:k]
			}
			b.endTag(strings.ToLower(name))
			i += e + 1
			textStart = i
			continue
		case len(rest) > 1 && isAlpha(rest[1]):
			tag, attrs, selfClose, n, ok := readStartTag(rest)
			if !ok {
				i++
				continue
			}
			flush(i)
			if selfClose {
				b.startEndTag(tag, attrs)
			} else {
				b.startTag(tag, attrs)
			}
			i += n
			textStart = i
			continue
		}
		i++
	}
	flush(len(s))
}

func isAlpha(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }

func isWS(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' }

// readStartTag reads "<name attr=value …>" or "… />".
func readStartTag(s string) (tag string, attrs map[string]*string, selfClose bool, n int, ok bool) {
	i := 1
	for i < len(s) && !isWS(s[i]) && s[i] != '/' && s[i] != '>' && s[i] != 0 {
		i++
	}
	tag = strings.ToLower(s[1:i])
	attrs = map[string]*string{}
	for {
		for i < len(s) && (isWS(s[i]) || (s[i] == '/' && i+1 < len(s) && s[i+1] != '>')) {
			i++
		}
		if i >= len(s) {
			return "", nil, false, 0, false
		}
		if s[i] == '>' {
			return tag, attrs, false, i + 1, true
		}
		if s[i] == '/' && i+1 < len(s) && s[i+1] == '>' {
			return tag, attrs, true, i + 2, true
		}
		a := i
		i++
		for i < len(s) && !isWS(s[i]) && s[i] != '/' && s[i] != '=' && s[i] != '>' {
			i++
		}
		name := strings.ToLower(s[a:i])
		j := i
		for j < len(s) && isWS(s[j]) {
			j++
		}
		if j < len(s) && s[j] == '=' {
			for j < len(s) && s[j] == '=' {
				j++
			}
			for j < len(s) && isWS(s[j]) {
				j++
			}
			var v string
			switch {
			case j < len(s) && (s[j] == '"' || s[j] == '\''):
				q := s[j]
				e := strings.IndexByte(s[j+1:], q)
				if e < 0 {
					return "", nil, false, 0, false
				}
				v = s[j+1 : j+1+e]
				j += e + 2
			default:
				k := j
				for k < len(s) && !isWS(s[k]) && s[k] != '>' {
					k++
				}
				v = s[j:k]
				j = k
			}
			v = unescape(v)
			if _, dup := attrs[name]; !dup {
				attrs[name] = &v
			}
			i = j
			continue
		}
		if _, dup := attrs[name]; !dup {
			empty := ""
			attrs[name] = &empty
		}
	}
}

// cp1252 maps the C1 control references browsers read as Windows-1252.
var cp1252 = map[int]string{
	0x80: "\u20ac", 0x82: "\u201a", 0x83: "\u0192", 0x84: "\u201e", 0x85: "\u2026", 0x86: "\u2020",
	0x87: "\u2021", 0x88: "\u02c6", 0x89: "\u2030", 0x8a: "\u0160", 0x8b: "\u2039", 0x8c: "\u0152",
	0x8e: "\u017d", 0x91: "\u2018", 0x92: "\u2019", 0x93: "\u201c", 0x94: "\u201d", 0x95: "\u2022",
	0x96: "\u2013", 0x97: "\u2014", 0x98: "\u02dc", 0x99: "\u2122", 0x9a: "\u0161", 0x9b: "\u203a",
	0x9c: "\u0153", 0x9e: "\u017e", 0x9f: "\u0178",
}

func invalidCodepoint(n int) bool {
	switch {
	case n >= 0x1 && n <= 0x8, n == 0xb, n >= 0xe && n <= 0x1f, n >= 0x7f && n <= 0x9f, n >= 0xfdd0 && n <= 0xfdef:
		return true
	}
	return n&0xfffe == 0xfffe && n <= 0x10ffff
}

// unescape is Python's html.unescape.
func unescape(s string) string {
	if strings.IndexByte(s, '&') < 0 {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); {
		if s[i] != '&' {
			b.WriteByte(s[i])
			i++
			continue
		}
		if i+1 < len(s) && s[i+1] == '#' {
			j := i + 2
			hex := j < len(s) && (s[j] == 'x' || s[j] == 'X')
			if hex {
				j++
			}
			k := j
			for k < len(s) && (s[k] >= '0' && s[k] <= '9' || hex && (s[k] >= 'a' && s[k] <= 'f' || s[k] >= 'A' && s[k] <= 'F')) {
				k++
			}
			if k == j {
				b.WriteByte('&')
				i++
				continue
			}
			base := 10
			if hex {
				base = 16
			}
			num, err := strconv.ParseInt(s[j:k], base, 64)
			if err != nil || num > 0x10ffff {
				num = 0x110000
			}
			if k < len(s) && s[k] == ';' {
				k++
			}
			n := int(num)
			switch {
			case n == 0:
				b.WriteString("\ufffd")
			case n == 0x0d:
				b.WriteByte('\r')
			case cp1252[n] != "":
				b.WriteString(cp1252[n])
			case n >= 0x80 && n <= 0x9f:
				b.WriteRune(rune(n))
			case n >= 0xd800 && n <= 0xdfff || n > 0x10ffff:
				b.WriteString("\ufffd")
			case invalidCodepoint(n):
			default:
				b.WriteRune(rune(n))
			}
			i = k
			continue
		}
		// Named: &[^\t\n\f <&#;]{1,32};?
		j := i + 1
		for j < len(s) && j-i-1 < 32 && strings.IndexByte("\t\n\f <&#;", s[j]) < 0 {
			j++
		}
		if j == i+1 {
			b.WriteByte('&')
			i++
			continue
		}
		if j < len(s) && s[j] == ';' {
			j++
		}
		b.WriteString(html.UnescapeString(s[i:j]))
		i = j
	}
	return b.String()
}

// CheckBalanced reports the first place where s is not well-formed:
// every element opened must be closed, in order (void elements aside).
func CheckBalanced(s string) error {
	var stack []string
	for i := 0; i < len(s); {
		j := strings.IndexByte(s[i:], '<')
		if j < 0 {
			break
		}
		i += j
		rest := s[i:]
		switch {
		case strings.HasPrefix(rest, "<!--"):
			e := strings.Index(rest, "-->")
			if e < 0 {
				return fmt.Errorf("offset %d: unclosed comment", i)
			}
			i += e + 3
		case strings.HasPrefix(rest, "</"):
			e := strings.IndexByte(rest, '>')
			if e < 0 {
				return fmt.Errorf("offset %d: unterminated end tag", i)
			}
			name := strings.ToLower(rest[2:e])
			if len(stack) == 0 || stack[len(stack)-1] != name {
				top := "nothing"
				if len(stack) > 0 {
					top = "<" + stack[len(stack)-1] + ">"
				}
				return fmt.Errorf("offset %d: </%s> closes %s", i, name, top)
			}
			stack = stack[:len(stack)-1]
			i += e + 1
		case len(rest) > 1 && isAlpha(rest[1]):
			tag, _, self, n, ok := readStartTag(rest)
			if !ok {
				return fmt.Errorf("offset %d: malformed tag", i)
			}
			if !self && !void[tag] {
				stack = append(stack, tag)
			}
			i += n
		default:
			return fmt.Errorf("offset %d: bare '<' in output", i)
		}
	}
	if len(stack) > 0 {
		return fmt.Errorf("<%s> is never closed", stack[len(stack)-1])
	}
	return nil
}
