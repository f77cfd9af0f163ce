package check

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/wikirules/wikirules/model"
)

// ParsePHP reads the constants a game engine keeps in PHP
// (material.inc.php): assignments "$this->name = array(…);" or "[…]",
// "$name = …;" and "define('NAME', …);", whose values are array literals
// (nested, with "'k' => v" pairs), numbers, strings, true/false/null, and
// clienttranslate('…') / totranslate('…') / _('…') read as their string.
// The file is parsed, never executed; anything else is an error naming the
// line. require/include/use/namespace statements are skipped.
func ParsePHP(name, src string) (map[string]any, error) {
	p := &phpParser{name: name, src: src, consts: map[string]any{}}
	out := map[string]any{}
	if err := p.file(out); err != nil {
		return nil, err
	}
	return out, nil
}

type phpParser struct {
	name   string
	src    string
	i      int
	consts map[string]any
}

func (p *phpParser) line() int { return strings.Count(p.src[:min(p.i, len(p.src))], "\n") + 1 }

func (p *phpParser) errorf(format string, args ...any) error {
	return model.Errorf(p.name, p.line(), model.MsgEngine, format, args...)
}

// skip skips spaces and comments.
func (p *phpParser) skip() {
	for p.i < len(p.src) {
		c := p.src[p.i]
		switch {
		case c == ' ' || c == '\t' || c == '\n' || c == '\r':
			p.i++
		case c == '#' || strings.HasPrefix(p.src[p.i:], "//"):
			if strings.HasPrefix(p.src[p.i:], "?>") {
				return
			}
			e := strings.IndexByte(p.src[p.i:], '\n')
			if e < 0 {
				p.i = len(p.src)
			} else {
				p.i += e + 1
			}
		case strings.HasPrefix(p.src[p.i:], "/*"):
			e := strings.Index(p.src[p.i+2:], "*/")
			if e < 0 {
				p.i = len(p.src)
			} else {
				p.i += 2 + e + 2
			}
		default:
			return
		}
	}
}

func (p *phpParser) peek(s string) bool {
	p.skip()
	return strings.HasPrefix(p.src[p.i:], s)
}

func (p *phpParser) expect(s string) error {
	if !p.peek(s) {
		found := p.src[p.i:min(p.i+20, len(p.src))]
		if found == "" {
			found = "end of file"
		}
		return p.errorf("expected %q, found %q", s, found)
	}
	p.i += len(s)
	return nil
}

func isIdentByte(c byte) bool {
	return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c >= 0x80
}

func (p *phpParser) ident() string {
	p.skip()
	j := p.i
	for j < len(p.src) && isIdentByte(p.src[j]) {
		j++
	}
	id := p.src[p.i:j]
	p.i = j
	return id
}

func (p *phpParser) file(out map[string]any) error {
	p.skip()
	if strings.HasPrefix(p.src[p.i:], "<?php") {
		p.i += 5
	}
	for {
		p.skip()
		if p.i >= len(p.src) || strings.HasPrefix(p.src[p.i:], "?>") {
			return nil
		}
		switch {
		case p.peek("$this->") || p.peek("$"):
			if p.peek("$this->") {
				p.i += len("$this->")
			} else {
				p.i++
			}
			name := p.ident()
			if name == "" {
				return p.errorf("expected a variable name after '$'")
			}
			if err := p.expect("="); err != nil {
				return err
			}
			v, err := p.value()
			if err != nil {
				return err
			}
			if err := p.expect(";"); err != nil {
				return err
			}
			out[name] = v
		default:
			start := p.i
			word := p.ident()
			switch strings.ToLower(word) {
			case "define":
				if err := p.expect("("); err != nil {
					return err
				}
				nameV, err := p.value()
				if err != nil {
					return err
				}
				name, ok := nameV.(string)
				if !ok {
					return p.errorf("define: expected a constant name")
				}
				if err := p.expect(","); err != nil {
					return err
				}
				v, err := p.value()
				if err != nil {
					return err
				}
				if err := p.expect(")"); err != nil {
					return err
				}
				if err := p.expect(";"); err != nil {
					return err
				}
				p.consts[name] = v
				out[name] = v
			case "require", "require_once", "include", "include_once", "namespace", "use", "declare":
				e := strings.IndexByte(p.src[p.i:], ';')
				if e < 0 {
					return p.errorf("expected ';' to end the %s statement", word)
				}
				p.i += e + 1
			default:
				p.i = start
				return p.errorf("expected an assignment such as $this->name = array(…); or define('NAME', value); (constants are read, code is not run)")
			}
		}
	}
}

func (p *phpParser) value() (any, error) {
	p.skip()
	if p.i >= len(p.src) {
		return nil, p.errorf("expected a value, found end of file")
	}
	c := p.src[p.i]
	switch {
	case c == '[':
		p.i++
		return p.items("]")
	case c == '\'' || c == '"':
		return p.str()
	case c == '-' || c == '+' || c >= '0' && c <= '9' || c == '.':
		return p.number()
	case isIdentByte(c):
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
		case "clienttranslate", "totranslate", "_", "self::_":
			if err := p.expect("("); err != nil {
				return nil, err
			}
			v, err := p.value()
			if err != nil {
				return nil, err
			}
			if err := p.expect(")"); err != nil {
				return nil, err
			}
			return v, nil
		}
		if v, ok := p.consts[word]; ok {
			return v, nil
		}
		p.i = start
		if p.peek(word + "(") {
			return nil, p.errorf("function call %s(…) cannot be read: only clienttranslate, totranslate and _ are", word)
		}
		return nil, p.errorf("unknown constant %s (define it before it is used)", word)
	}
	return nil, p.errorf("expected a value, found %q", p.src[p.i:min(p.i+10, len(p.src))])
}

// items reads array items up to the closing delimiter.
func (p *phpParser) items(close string) (any, error) {
	var list []any
	var keys []string
	keyed := false
	next := int64(0)
	for {
		if p.peek(close) {
			p.i += len(close)
			break
		}
		v, err := p.value()
		if err != nil {
			return nil, err
		}
		if p.peek("=>") {
			p.i += 2
			val, err := p.value()
			if err != nil {
				return nil, err
			}
			keyed = true
			k := phpKey(v)
			if n, err := strconv.ParseInt(k, 10, 64); err == nil && n >= next {
				next = n + 1
			}
			keys = append(keys, k)
			list = append(list, val)
		} else {
			keys = append(keys, strconv.FormatInt(next, 10))
			next++
			list = append(list, v)
		}
		if p.peek(",") {
			p.i++
			continue
		}
		if err := p.expect(close); err != nil {
			return nil, err
		}
		break
	}
	if !keyed {
		if list == nil {
			list = []any{}
		}
		return list, nil
	}
	m := make(map[string]any, len(keys))
	for i, k := range keys {
		m[k] = list[i]
	}
	return m, nil
}

func phpKey(v any) string {
	switch x := v.(type) {
	case string:
		return x
	case int64:
		return strconv.FormatInt(x, 10)
	case float64:
		return strconv.FormatInt(int64(x), 10)
	case bool:
		if x {
			return "1"
		}
		return "0"
	case nil:
		return ""
	}
	return fmt.Sprint(v)
}

func (p *phpParser) number() (any, error) {
	j := p.i
	if j < len(p.src) && (p.src[j] == '-' || p.src[j] == '+') {
		j++
	}
	for j < len(p.src) && (p.src[j] >= '0' && p.src[j] <= '9' || p.src[j] == '.' || p.src[j] == '_' || p.src[j] == 'e' || p.src[j] == 'E' || p.src[j] == 'x' || p.src[j] >= 'a' && p.src[j] <= 'f' || p.src[j] >= 'A' && p.src[j] <= 'F') {
		j++
	}
	lit := strings.ReplaceAll(p.src[p.i:j], "_", "")
	if v, err := strconv.ParseInt(lit, 0, 64); err == nil {
		p.i = j
		return v, nil
	}
	if v, err := strconv.ParseFloat(lit, 64); err == nil {
		p.i = j
		return v, nil
	}
	return nil, p.errorf("expected a number, found %q", lit)
}

func (p *phpParser) str() (any, error) {
	q := p.src[p.i]
	start := p.line()
	var b strings.Builder
	for j := p.i + 1; j < len(p.src); j++ {
		c := p.src[j]
		if c == q {
			p.i = j + 1
			return b.String(), nil
		}
		if c == '\\' && j+1 < len(p.src) {
			n := p.src[j+1]
			switch {
			case n == q || n == '\\':
				b.WriteByte(n)
				j++
				continue
			case q == '"' && n == 'n':
				b.WriteByte('\n')
				j++
				continue
			case q == '"' && n == 't':
				b.WriteByte('\t')
				j++
				continue
			case q == '"' && n == '$':
				b.WriteByte('$')
				j++
				continue
			}
		}
		b.WriteByte(c)
	}
	return nil, model.Errorf(p.name, start, model.MsgEngine, "string is not closed")
}
