package extract

import (
	"strings"
	"time"
	"unicode/utf8"

	"gopkg.in/yaml.v3"
)

// yaml.v3's emitter is most of the cost of writing a game's tables as
// YAML (the site writes every table twice: on the rules page and in the
// game's .yaml file; a third of the rules page's time at 10,000 games).
// The trees this package builds are simple — block and flow mappings and
// sequences of scalars — so fastYAML writes them directly, as yaml.v3
// writes them, byte for byte: plain scalars where yaml.v3 writes them
// plain, double quotes where it must quote a string that would read as
// another type (a timestamp, "true", ""), and for any other scalar the
// scalar as yaml.v3 writes it alone. Whatever it is not sure to write as
// yaml.v3 does (a multi-line string, a block mapping in a sequence at an
// indentation other than 2) makes it give up, and the caller uses
// yaml.v3. FuzzFastYAML and TestFastYAMLEqualsYAMLv3 compare the two.

// fastYAML appends the document n, as a yaml.v3 encoder with the given
// indentation writes it, to b; ok is false when it cannot be sure to.
func fastYAML(b []byte, n *yaml.Node, indent int) (_ []byte, ok bool) {
	w := yamlWriter{b: b, indent: indent}
	switch {
	case n.Kind == yaml.MappingNode && n.Style&yaml.FlowStyle == 0 && len(n.Content) > 0:
		ok = w.blockMap(n, 0, false)
	default:
		ok = w.value(n, 0)
		w.b = append(w.b, '\n')
	}
	return w.b, ok
}

type yamlWriter struct {
	b      []byte
	indent int
}

func (w *yamlWriter) spaces(n int) {
	for ; n > 0; n-- {
		w.b = append(w.b, ' ')
	}
}

// isBlock reports whether n is a block collection with content.
func isBlock(n *yaml.Node) bool {
	return (n.Kind == yaml.MappingNode || n.Kind == yaml.SequenceNode) && n.Style&yaml.FlowStyle == 0 && len(n.Content) > 0
}

// blockMap writes a block mapping whose keys are at column col; inline
// means its first key follows a sequence's "- " on the same line.
func (w *yamlWriter) blockMap(n *yaml.Node, col int, inline bool) bool {
	if len(n.Content)%2 != 0 || n.Anchor != "" || n.Tag != "" && n.Tag != "!!map" {
		return false
	}
	for i := 0; i < len(n.Content); i += 2 {
		k, v := n.Content[i], n.Content[i+1]
		if i > 0 || !inline {
			w.spaces(col)
		}
		if !w.scalar(k, true, true) {
			return false
		}
		w.b = append(w.b, ':')
		if !isBlock(v) {
			w.b = append(w.b, ' ')
			if !w.value(v, col) {
				return false
			}
			w.b = append(w.b, '\n')
			continue
		}
		w.b = append(w.b, '\n')
		if v.Kind == yaml.MappingNode {
			if !w.blockMap(v, col+w.indent, false) {
				return false
			}
			continue
		}
		if !w.blockSeq(v, col+w.indent) {
			return false
		}
	}
	return true
}

// blockSeq writes a block sequence whose dashes are at column col.
func (w *yamlWriter) blockSeq(n *yaml.Node, col int) bool {
	if n.Anchor != "" || n.Tag != "" && n.Tag != "!!seq" {
		return false
	}
	for _, item := range n.Content {
		w.spaces(col)
		w.b = append(w.b, '-', ' ')
		if isBlock(item) {
			// yaml.v3 pads a mapping in a sequence to its indentation;
			// only the width of "- " is known here.
			if item.Kind != yaml.MappingNode || w.indent != 2 || !w.blockMap(item, col+2, true) {
				return false
			}
			continue
		}
		if !w.value(item, col) {
			return false
		}
		w.b = append(w.b, '\n')
	}
	return true
}

// value writes a scalar or a flow (or empty) collection on the current
// line.
func (w *yamlWriter) value(n *yaml.Node, col int) bool {
	switch n.Kind {
	case yaml.ScalarNode:
		return w.scalar(n, false, false)
	case yaml.MappingNode, yaml.SequenceNode:
		if isBlock(n) {
			return false
		}
		return w.flow(n)
	}
	return false
}

// flow writes a flow mapping or sequence.
func (w *yamlWriter) flow(n *yaml.Node) bool {
	if n.Anchor != "" {
		return false
	}
	if n.Kind == yaml.SequenceNode {
		if n.Tag != "" && n.Tag != "!!seq" {
			return false
		}
		w.b = append(w.b, '[')
		for i, item := range n.Content {
			if i > 0 {
				w.b = append(w.b, ',', ' ')
			}
			if !w.flowItem(item) {
				return false
			}
		}
		w.b = append(w.b, ']')
		return true
	}
	if len(n.Content)%2 != 0 || n.Tag != "" && n.Tag != "!!map" {
		return false
	}
	w.b = append(w.b, '{')
	for i := 0; i < len(n.Content); i += 2 {
		if i > 0 {
			w.b = append(w.b, ',', ' ')
		}
		if !w.scalar(n.Content[i], true, true) {
			return false
		}
		w.b = append(w.b, ':', ' ')
		if !w.flowItem(n.Content[i+1]) {
			return false
		}
	}
	w.b = append(w.b, '}')
	return true
}

func (w *yamlWriter) flowItem(n *yaml.Node) bool {
	if n.Kind == yaml.ScalarNode {
		return w.scalar(n, true, false)
	}
	if n.Kind != yaml.MappingNode && n.Kind != yaml.SequenceNode {
		return false
	}
	return w.flow(n)
}

// scalar writes a scalar in flow context (inside braces or brackets) or
// not, as a key or not.
func (w *yamlWriter) scalar(n *yaml.Node, flow, key bool) bool {
	if n.Kind != yaml.ScalarNode || n.Anchor != "" || n.Style != 0 || n.HeadComment != "" || n.LineComment != "" || n.FootComment != "" {
		return false
	}
	v := n.Value
	if key && (v == "" || len(v) > 128) {
		return false // a key yaml.v3 writes as a complex key, or quoted
	}
	switch n.Tag {
	case "!!str":
		if w.str(v, flow) {
			return true
		}
	case "!!int":
		if isDecimal(v) {
			w.b = append(w.b, v...)
			return true
		}
	case "!!null":
		if v == "null" {
			w.b = append(w.b, v...)
			return true
		}
	case "!!float":
		if i := strings.IndexByte(v, '.'); i > 0 && isDecimal(v[:i]) && isDigits(v[i+1:]) {
			w.b = append(w.b, v...)
			return true
		}
	}
	// Any other scalar: as yaml.v3 writes it alone, when that is what it
	// writes here too (one line; in flow context, quoted or free of what
	// a flow collection cannot hold plain).
	if strings.ContainsAny(v, "\r\n\u0085\u2028\u2029") {
		return false // a block scalar, or quoted in a flow
	}
	out, err := yaml.Marshal(&yaml.Node{Kind: yaml.ScalarNode, Tag: n.Tag, Value: v})
	if err != nil || len(out) < 2 || out[0] == '|' || out[0] == '>' || out[len(out)-1] != '\n' || strings.IndexByte(string(out[:len(out)-1]), '\n') >= 0 {
		return false
	}
	if flow && out[0] != '"' && out[0] != '\'' && strings.ContainsAny(v, ",?[]{}:#") {
		return false
	}
	w.b = append(w.b, out[:len(out)-1]...)
	return true
}

// str writes a !!str scalar of one line as yaml.v3 does: double-quoted
// when it would read as another type, else plain where its analysis of
// the scalar allows plain in the context, else single-quoted. It reports
// false when it cannot tell (a string that may read as a number).
func (w *yamlWriter) str(v string, flow bool) bool {
	reads, sure := readsAsString(v)
	if !sure || !utf8.ValidString(v) {
		return false
	}
	a := analyzeScalar(v)
	if a.multiline {
		return false
	}
	if !reads {
		// yaml.v3 quotes it; nothing in it needs an escape.
		for i := 0; i < len(v); i++ {
			if c := v[i]; c == '"' || c == '\\' {
				return false
			}
		}
		if a.special {
			return false
		}
		w.b = append(w.b, '"')
		w.b = append(w.b, v...)
		w.b = append(w.b, '"')
		return true
	}
	if flow && a.flowPlain || !flow && a.blockPlain {
		w.b = append(w.b, v...)
		return true
	}
	if !a.singleQuoted {
		return false
	}
	w.b = append(w.b, '\'')
	for i := 0; i < len(v); i++ {
		if v[i] == '\'' {
			w.b = append(w.b, '\'')
		}
		w.b = append(w.b, v[i])
	}
	w.b = append(w.b, '\'')
	return true
}

// readsAsString reports whether yaml.v3 reads v, plain, as a string (its
// resolve), when sure is set: v may be a number or a time when it begins
// with a digit, a sign or a dot, and this does not parse numbers.
func readsAsString(v string) (reads, sure bool) {
	if v == "" {
		return false, true // null
	}
	switch c := v[0]; {
	case '0' <= c && c <= '9' || c == '+' || c == '-' || c == '.':
		if isTimestamp(v) {
			// A time if it is one (yaml.v3 parses it), else a string.
			_, err := time.Parse("2006-1-2T15:4:5.999999999Z07:00", v)
			return err != nil, true
		}
		// A letter no number or time holds says it is a string.
		if strings.ContainsAny(v, "ghijklmnpqrsuvwyGHIJKLMNPQRSUVWY") && !strings.ContainsAny(v, ":") && c != '.' {
			return true, true
		}
		return false, false
	case strings.IndexByte("yYnNtTfFoO~", c) >= 0:
		switch v {
		case "true", "True", "TRUE", "false", "False", "FALSE", "~", "null", "Null", "NULL":
			return false, true
		}
	}
	return true, true
}

// scalarAnalysis is what yaml.v3's emitter learns of a scalar
// (yaml_emitter_analyze_scalar) that decides its style.
type scalarAnalysis struct {
	multiline, special                  bool
	flowPlain, blockPlain, singleQuoted bool
}

// analyzeScalar is yaml_emitter_analyze_scalar, for valid UTF-8.
func analyzeScalar(v string) scalarAnalysis {
	if v == "" {
		return scalarAnalysis{blockPlain: true, singleQuoted: true}
	}
	var blockInd, flowInd, lineBreaks, special, tabs bool
	var leadingSpace, leadingBreak, trailingSpace, trailingBreak, breakSpace, spaceBreak bool
	if strings.HasPrefix(v, "---") || strings.HasPrefix(v, "...") {
		blockInd, flowInd = true, true
	}
	preceded, prevSpace, prevBreak := true, false, false
	for i := 0; i < len(v); {
		_, w := utf8.DecodeRuneInString(v[i:])
		followed := i+w >= len(v) || v[i+w] == ' ' || v[i+w] == '\t'
		c := v[i]
		if i == 0 {
			switch c {
			case '#', ',', '[', ']', '{', '}', '&', '*', '!', '|', '>', '\'', '"', '%', '@', '`':
				flowInd, blockInd = true, true
			case '?', ':':
				flowInd = true
				if followed {
					blockInd = true
				}
			case '-':
				if followed {
					flowInd, blockInd = true, true
				}
			}
		} else {
			switch c {
			case ',', '?', '[', ']', '{', '}':
				flowInd = true
			case ':':
				flowInd = true
				if followed {
					blockInd = true
				}
			case '#':
				if preceded {
					flowInd, blockInd = true, true
				}
			}
		}
		brk := isYAMLBreak(v, i)
		if c == '\t' {
			tabs = true
		} else if !isYAMLPrintable(v, i) {
			special = true
		}
		switch {
		case c == ' ':
			leadingSpace = leadingSpace || i == 0
			trailingSpace = trailingSpace || i+1 == len(v)
			breakSpace = breakSpace || prevBreak
			prevSpace, prevBreak = true, false
		case brk:
			lineBreaks = true
			leadingBreak = leadingBreak || i == 0
			trailingBreak = trailingBreak || i+w == len(v)
			spaceBreak = spaceBreak || prevSpace
			prevSpace, prevBreak = false, true
		default:
			prevSpace, prevBreak = false, false
		}
		preceded = c == ' ' || c == '\t' || brk || c == 0
		i += w
	}
	a := scalarAnalysis{multiline: lineBreaks, special: special, flowPlain: true, blockPlain: true, singleQuoted: true}
	if leadingSpace || leadingBreak || trailingSpace || trailingBreak {
		a.flowPlain, a.blockPlain = false, false
	}
	if breakSpace {
		a.flowPlain, a.blockPlain, a.singleQuoted = false, false, false
	}
	if spaceBreak || tabs || special {
		a.flowPlain, a.blockPlain, a.singleQuoted = false, false, false
	}
	if lineBreaks {
		a.flowPlain, a.blockPlain = false, false
	}
	if flowInd {
		a.flowPlain = false
	}
	if blockInd {
		a.blockPlain = false
	}
	return a
}

// isYAMLBreak is yaml.v3's is_break: CR, LF, NEL, LS, PS.
func isYAMLBreak(v string, i int) bool {
	switch v[i] {
	case '\r', '\n':
		return true
	case 0xC2:
		return i+1 < len(v) && v[i+1] == 0x85
	case 0xE2:
		return i+2 < len(v) && v[i+1] == 0x80 && (v[i+2] == 0xA8 || v[i+2] == 0xA9)
	}
	return false
}

// isYAMLPrintable is yaml.v3's is_printable (which counts no character of
// four bytes).
func isYAMLPrintable(v string, i int) bool {
	c := v[i]
	at := func(k int) byte {
		if i+k < len(v) {
			return v[i+k]
		}
		return 0
	}
	return c == 0x0A || c >= 0x20 && c <= 0x7E ||
		c == 0xC2 && at(1) >= 0xA0 ||
		c > 0xC2 && c < 0xED ||
		c == 0xED && at(1) < 0xA0 ||
		c == 0xEE ||
		c == 0xEF && !(at(1) == 0xBB && at(2) == 0xBF) && !(at(1) == 0xBF && (at(2) == 0xBE || at(2) == 0xBF))
}

func isDigits(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// isDecimal: an integer as strconv writes it ("0", "-12").
func isDecimal(s string) bool {
	s = strings.TrimPrefix(s, "-")
	return isDigits(s) && (s == "0" || s[0] != '0')
}

// isTimestamp: the shape "2006-01-02T15:04:05Z", which yaml.v3 reads as
// a time when it is a valid one.
func isTimestamp(s string) bool {
	if len(s) != len("2006-01-02T15:04:05Z") || s[4] != '-' || s[7] != '-' || s[10] != 'T' || s[13] != ':' || s[16] != ':' || s[19] != 'Z' {
		return false
	}
	return isDigits(s[:4]) && isDigits(s[5:7]) && isDigits(s[8:10]) && isDigits(s[11:13]) && isDigits(s[14:16]) && isDigits(s[17:19])
}
