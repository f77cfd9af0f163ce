package site

import (
	"html/template"
	"strings"

	"github.com/wikirules/wikirules/extract"
)

// highlightYAML highlights the YAML that package extract writes, with
// chroma's token classes (so chroma's light and dark styles colour it).
//
// It does not run chroma's YAML lexer: measured on table YAML it does
// 0.7 MB/s, which would make highlighting the slowest stage of a large
// build; this scanner knows the subset extract emits (block maps and
// sequences, flow maps in rows, plain, quoted and block scalars, comments)
// and is a single pass.
func highlightYAML(y string) template.HTML {
	var b strings.Builder
	b.Grow(len(y) * 2)
	b.WriteString(`<pre class="hl-chroma"><code>`)
	blockIndent := -1 // inside a block scalar: its parent's indentation
	for len(y) > 0 {
		line := y
		if i := strings.IndexByte(y, '\n'); i >= 0 {
			line, y = y[:i], y[i+1:]
		} else {
			y = ""
		}
		indent := len(line) - len(strings.TrimLeft(line, " "))
		if blockIndent >= 0 {
			if strings.TrimSpace(line) == "" || indent > blockIndent {
				span(&b, "hl-s", line)
				b.WriteByte('\n')
				continue
			}
			blockIndent = -1
		}
		if yamlLine(&b, line) {
			blockIndent = indent
		}
		b.WriteByte('\n')
	}
	b.WriteString("</code></pre>")
	return template.HTML(b.String())
}

// yamlLine writes one line; it reports whether a block scalar (| or >)
// starts at its end.
func yamlLine(b *strings.Builder, line string) bool {
	depth := 0 // flow nesting
	block := false
	i := 0
	for i < len(line) {
		c := line[i]
		switch {
		case c == ' ':
			j := i
			for j < len(line) && line[j] == ' ' {
				j++
			}
			b.WriteString(line[i:j])
			i = j
		case c == '#' && (i == 0 || line[i-1] == ' '):
			span(b, "hl-c1", line[i:])
			return false
		case c == '"' || c == '\'':
			j := quotedEnd(line, i)
			if key(line, j) {
				span(b, "hl-nt", line[i:j])
			} else if c == '"' {
				span(b, "hl-s2", line[i:j])
			} else {
				span(b, "hl-s1", line[i:j])
			}
			i = j
		case c == '{' || c == '[':
			depth++
			span(b, "hl-p", line[i:i+1])
			i++
		case c == '}' || c == ']':
			depth--
			span(b, "hl-p", line[i:i+1])
			i++
		case c == ',' && depth > 0:
			span(b, "hl-p", ",")
			i++
		case c == '-' && (i+1 == len(line) || line[i+1] == ' ') && onlyDashes(line[:i]):
			span(b, "hl-p", "-")
			i++
		case c == ':' && (i+1 == len(line) || line[i+1] == ' '):
			span(b, "hl-p", ":")
			i++
		default:
			j := i
			for j < len(line) {
				d := line[j]
				if depth > 0 && (d == ',' || d == '}' || d == ']') {
					break
				}
				if d == ':' && (j+1 == len(line) || line[j+1] == ' ') {
					break
				}
				if d == '#' && line[j-1] == ' ' {
					break
				}
				j++
			}
			word := line[i:j]
			trail := len(word) - len(strings.TrimRight(word, " "))
			word = word[:len(word)-trail]
			switch {
			case key(line, j):
				span(b, "hl-nt", word)
			case word == "|" || word == "|-" || word == "|+" || word == ">" || word == ">-" || word == ">+":
				span(b, "hl-p", word)
				block = true
			case word == "null" || word == "~" || word == "true" || word == "false":
				span(b, "hl-kc", word)
			default:
				if _, ok := extract.ParseNumber(word); ok && isYAMLNumber(word) {
					span(b, "hl-m", word)
				} else {
					span(b, "hl-s", word)
				}
			}
			b.WriteString(line[i+len(word) : j])
			i = j
		}
	}
	return block
}

// onlyDashes reports whether s is indentation and "- " list markers.
func onlyDashes(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] != ' ' && s[i] != '-' {
			return false
		}
	}
	return true
}

// isYAMLNumber: a plain scalar YAML reads as a number (digits, a sign, a
// point, an exponent), unlike "5 or more".
func isYAMLNumber(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(c >= '0' && c <= '9' || c == '-' || c == '+' || c == '.' || c == 'e' || c == 'E') {
			return false
		}
	}
	return true
}

// key reports whether the scalar ending at j is a mapping key.
func key(line string, j int) bool {
	for j < len(line) && line[j] == ' ' {
		j++
	}
	return j < len(line) && line[j] == ':' && (j+1 == len(line) || line[j+1] == ' ')
}

// quotedEnd returns the index after the quoted scalar starting at i.
func quotedEnd(line string, i int) int {
	q := line[i]
	j := i + 1
	for j < len(line) {
		switch {
		case q == '"' && line[j] == '\\':
			j += 2
			continue
		case line[j] == q:
			if q == '\'' && j+1 < len(line) && line[j+1] == '\'' {
				j += 2
				continue
			}
			return j + 1
		}
		j++
	}
	return len(line)
}

func span(b *strings.Builder, class, text string) {
	if text == "" {
		return
	}
	b.WriteString(`<span class="`)
	b.WriteString(class)
	b.WriteString(`">`)
	escapeText(b, text)
	b.WriteString(`</span>`)
}
