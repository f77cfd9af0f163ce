package extract

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"strconv"

	"github.com/wikirules/wikirules/model"
	"gopkg.in/yaml.v3"
)

// The YAML and JSON forms have the same structure; keys keep their order
// (columns in table order), so output is stable and diffs are readable.

func intNode(i int) *yaml.Node {
	return &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!int", Value: strconv.Itoa(i)}
}

func strNode(s string) *yaml.Node {
	return &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!str", Value: s}
}

func valueNode(v Value) *yaml.Node {
	switch x := v.(type) {
	case nil:
		return &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!null", Value: "null"}
	case int64:
		return &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!int", Value: strconv.FormatInt(x, 10)}
	case float64:
		return &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!float", Value: FormatValue(x)}
	case string:
		return strNode(x)
	}
	return strNode(fmt.Sprint(v))
}

type mapping struct{ n *yaml.Node }

func newMap(flow bool) mapping {
	n := &yaml.Node{Kind: yaml.MappingNode}
	if flow {
		n.Style = yaml.FlowStyle
	}
	return mapping{n}
}

func (m mapping) add(k string, v *yaml.Node) { m.n.Content = append(m.n.Content, strNode(k), v) }

func seq(flow bool, items ...*yaml.Node) *yaml.Node {
	n := &yaml.Node{Kind: yaml.SequenceNode, Content: items}
	if flow {
		n.Style = yaml.FlowStyle
	}
	return n
}

// yamlNode builds the YAML tree of a table.
func (t *Table) yamlNode() *yaml.Node {
	m := newMap(false)
	m.add("id", strNode(t.ID))
	m.add("title", strNode(t.Title))
	var sec []*yaml.Node
	for _, s := range t.Section {
		sec = append(sec, strNode(s))
	}
	m.add("section", seq(true, sec...))
	m.add("kind", strNode(t.Kind.String()))
	src := newMap(true)
	src.add("form", strNode(t.Source.Form.String()))
	src.add("line", intNode(t.Source.Line))
	m.add("source", src.n)
	if t.Caption != "" {
		m.add("caption", strNode(t.Caption))
	}
	if t.DeclaredTotal != nil {
		m.add("declared_total", valueNode(t.DeclaredTotal))
	}
	if t.Key != "" {
		m.add("key", strNode(t.Key))
	}
	var cols []*yaml.Node
	for _, c := range t.Columns {
		cols = append(cols, strNode(c))
	}
	m.add("columns", seq(true, cols...))
	rows := seq(false)
	for _, r := range t.Rows {
		rm := newMap(true)
		for i, c := range t.Columns {
			var v Value
			if i < len(r) {
				v = r[i].Value
			}
			rm.add(c, valueNode(v))
		}
		rows.Content = append(rows.Content, rm.n)
	}
	m.add("rows", rows)
	return m.n
}

func (p *PageTables) yamlNode() *yaml.Node {
	m := newMap(false)
	m.add("page", strNode(p.Page))
	m.add("game", strNode(p.Game))
	rev := newMap(true)
	rev.add("timestamp", strNode(p.Revision.Timestamp))
	rev.add("author", strNode(p.Revision.Author))
	rev.add("sha1", strNode(p.Revision.SHA1))
	m.add("revision", rev.n)
	tables := seq(false)
	for _, t := range p.Tables {
		tables.Content = append(tables.Content, t.yamlNode())
	}
	m.add("tables", tables)
	if len(p.Warnings) > 0 {
		ws := seq(false)
		for _, w := range p.Warnings {
			ws.Content = append(ws.Content, msgNode(w))
		}
		m.add("warnings", ws)
	}
	return m.n
}

// MarshalYAML implements yaml.Marshaler.
func (p *PageTables) MarshalYAML() (any, error) { return p.yamlNode(), nil }

// MarshalYAML implements yaml.Marshaler.
func (t *Table) MarshalYAML() (any, error) { return t.yamlNode(), nil }

// YAML encodes pages as YAML documents separated by "---".
func YAML(pages []*PageTables) ([]byte, error) {
	if len(pages) == 0 {
		// No documents: an empty stream (the encoder refuses to close
		// one it never started).
		return []byte{}, nil
	}
	nodes := make([]*yaml.Node, len(pages))
	for i, p := range pages {
		nodes[i] = p.yamlNode()
	}
	var b []byte
	ok := true
	for i := range pages {
		if i > 0 {
			b = append(b, "---\n"...)
		}
		if b, ok = fastYAML(b, nodes[i], 2); !ok {
			break
		}
	}
	if ok {
		return b, nil
	}
	var buf bytes.Buffer
	enc := yaml.NewEncoder(&buf)
	enc.SetIndent(2)
	for _, n := range nodes {
		if err := enc.Encode(n); err != nil {
			return nil, err
		}
	}
	if err := enc.Close(); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// TableYAML is yaml.Marshal(t): the table alone, as the site shows it.
func TableYAML(t *Table) ([]byte, error) {
	n := t.yamlNode()
	if b, ok := fastYAML(nil, n, 4); ok {
		return b, nil
	}
	return yaml.Marshal(n)
}

// jsonOf converts a YAML node tree to ordered JSON.
func jsonOf(buf *bytes.Buffer, n *yaml.Node, indent string) {
	switch n.Kind {
	case yaml.MappingNode:
		if len(n.Content) == 0 {
			buf.WriteString("{}")
			return
		}
		buf.WriteString("{\n")
		for i := 0; i < len(n.Content); i += 2 {
			buf.WriteString(indent + "  ")
			k, _ := json.Marshal(n.Content[i].Value)
			buf.Write(k)
			buf.WriteString(": ")
			jsonOf(buf, n.Content[i+1], indent+"  ")
			if i+2 < len(n.Content) {
				buf.WriteByte(',')
			}
			buf.WriteByte('\n')
		}
		buf.WriteString(indent + "}")
	case yaml.SequenceNode:
		if len(n.Content) == 0 {
			buf.WriteString("[]")
			return
		}
		buf.WriteString("[\n")
		for i, c := range n.Content {
			buf.WriteString(indent + "  ")
			jsonOf(buf, c, indent+"  ")
			if i+1 < len(n.Content) {
				buf.WriteByte(',')
			}
			buf.WriteByte('\n')
		}
		buf.WriteString(indent + "]")
	default:
		switch n.Tag {
		case "!!int", "!!float":
			buf.WriteString(n.Value)
		case "!!null":
			buf.WriteString("null")
		default:
			b, _ := json.Marshal(n.Value)
			buf.Write(b)
		}
	}
}

// MarshalJSON implements json.Marshaler with the same structure as the
// YAML form.
func (p *PageTables) MarshalJSON() ([]byte, error) {
	var buf bytes.Buffer
	jsonOf(&buf, p.yamlNode(), "")
	return buf.Bytes(), nil
}

// JSON encodes pages as a JSON array.
func JSON(pages []*PageTables) []byte {
	var buf bytes.Buffer
	buf.WriteString("[")
	for i, p := range pages {
		if i > 0 {
			buf.WriteString(",")
		}
		buf.WriteString("\n  ")
		var pb bytes.Buffer
		jsonOf(&pb, p.yamlNode(), "  ")
		buf.Write(pb.Bytes())
	}
	if len(pages) > 0 {
		buf.WriteString("\n")
	}
	buf.WriteString("]\n")
	return buf.Bytes()
}

// Write encodes pages in format "yaml" (documents separated by "---") or
// "json" (an array).
func Write(w io.Writer, format string, pages []*PageTables) error {
	var data []byte
	switch format {
	case "json":
		data = JSON(pages)
	case "yaml", "":
		var err error
		if data, err = YAML(pages); err != nil {
			return err
		}
	default:
		return fmt.Errorf("unknown format %q (want yaml or json)", format)
	}
	_, err := w.Write(data)
	return err
}

// msgNode encodes a message with the fields and names of its JSON form
// (model.Msg), so warnings read the same in every output.
func msgNode(w model.Msg) *yaml.Node {
	m := newMap(true)
	for _, f := range []struct{ k, v string }{{"file", w.File}, {"page", w.Page}, {"revision", w.Rev}} {
		if f.v != "" {
			m.add(f.k, strNode(f.v))
		}
	}
	if w.Line > 0 {
		m.add("line", intNode(w.Line))
	}
	if w.Column > 0 {
		m.add("column", intNode(w.Column))
	}
	m.add("severity", strNode(w.Severity.String()))
	m.add("id", strNode(string(w.ID)))
	m.add("message", strNode(w.Text))
	return m.n
}
