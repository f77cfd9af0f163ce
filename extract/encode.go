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
		if t.TotalColumn != "count" {
			// A list's total adds up its counts; a table's names its column.
			m.add("total_column", strNode(t.TotalColumn))
		}
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
	rev.add("sha1", strNode(p.Revision.SHA1()))
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
	return yamlOf(pageNodes(pages))
}

func pageNodes(pages []*PageTables) []*yaml.Node {
	nodes := make([]*yaml.Node, len(pages))
	for i, p := range pages {
		nodes[i] = p.yamlNode()
	}
	return nodes
}

// yamlOf writes documents, each a page's node tree.
func yamlOf(nodes []*yaml.Node) ([]byte, error) {
	if len(nodes) == 0 {
		// No documents: an empty stream (the encoder refuses to close
		// one it never started).
		return []byte{}, nil
	}
	var b []byte
	ok := true
	for i := range nodes {
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
	return tableYAML(t.yamlNode())
}

func tableYAML(n *yaml.Node) ([]byte, error) {
	if b, ok := fastYAML(nil, n, 4); ok {
		return b, nil
	}
	return yaml.Marshal(n)
}

// Encoded is pages' tables in every form a site shows them: the YAML
// stream, the JSON array and each table's YAML alone, each the same bytes
// as YAML, JSON and TableYAML write. Encode builds the pages' node trees
// once for all three: building them is half of what encoding costs.
type Encoded struct {
	YAML   []byte
	JSON   []byte
	Tables map[*Table][]byte // TableYAML(t) of every table of the pages
}

// Encode encodes pages in every form (see Encoded).
func Encode(pages []*PageTables) (*Encoded, error) {
	nodes := pageNodes(pages)
	e := &Encoded{JSON: jsonDocs(nodes), Tables: map[*Table][]byte{}}
	var err error
	if e.YAML, err = yamlOf(nodes); err != nil {
		return nil, err
	}
	for i, p := range pages {
		// The page's "tables" sequence holds its tables' nodes in order.
		tables := mapValue(nodes[i], "tables")
		for k, t := range p.Tables {
			if tables == nil || k >= len(tables.Content) {
				return nil, fmt.Errorf("page %s: table %s has no node", p.Page, t.ID)
			}
			if e.Tables[t], err = tableYAML(tables.Content[k]); err != nil {
				return nil, fmt.Errorf("page %s: table %s: %w", p.Page, t.ID, err)
			}
		}
	}
	return e, nil
}

// mapValue is the value of key in mapping n, or nil.
func mapValue(n *yaml.Node, key string) *yaml.Node {
	for i := 0; i+1 < len(n.Content); i += 2 {
		if n.Content[i].Value == key {
			return n.Content[i+1]
		}
	}
	return nil
}

// jsonOf converts a YAML node tree to ordered JSON, indented by two
// spaces a level from depth.
func jsonOf(buf *bytes.Buffer, n *yaml.Node, depth int) {
	switch n.Kind {
	case yaml.MappingNode:
		if len(n.Content) == 0 {
			buf.WriteString("{}")
			return
		}
		buf.WriteString("{\n")
		for i := 0; i < len(n.Content); i += 2 {
			writeIndent(buf, depth+1)
			jsonString(buf, n.Content[i].Value)
			buf.WriteString(": ")
			jsonOf(buf, n.Content[i+1], depth+1)
			if i+2 < len(n.Content) {
				buf.WriteByte(',')
			}
			buf.WriteByte('\n')
		}
		writeIndent(buf, depth)
		buf.WriteByte('}')
	case yaml.SequenceNode:
		if len(n.Content) == 0 {
			buf.WriteString("[]")
			return
		}
		buf.WriteString("[\n")
		for i, c := range n.Content {
			writeIndent(buf, depth+1)
			jsonOf(buf, c, depth+1)
			if i+1 < len(n.Content) {
				buf.WriteByte(',')
			}
			buf.WriteByte('\n')
		}
		writeIndent(buf, depth)
		buf.WriteByte(']')
	default:
		switch n.Tag {
		case "!!int", "!!float":
			buf.WriteString(n.Value)
		case "!!null":
			buf.WriteString("null")
		default:
			jsonString(buf, n.Value)
		}
	}
}

func writeIndent(buf *bytes.Buffer, depth int) {
	for range depth {
		buf.WriteString("  ")
	}
}

// jsonString writes s as json.Marshal does. Most strings are printable
// ASCII that json.Marshal leaves as is (it escapes the quote, the
// backslash, <, > and &): those are quoted directly; the rest go through
// json.Marshal.
func jsonString(buf *bytes.Buffer, s string) {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c >= 0x7f || c == '"' || c == '\\' || c == '<' || c == '>' || c == '&' {
			b, _ := json.Marshal(s)
			buf.Write(b)
			return
		}
	}
	buf.WriteByte('"')
	buf.WriteString(s)
	buf.WriteByte('"')
}

// MarshalJSON implements json.Marshaler with the same structure as the
// YAML form.
func (p *PageTables) MarshalJSON() ([]byte, error) {
	var buf bytes.Buffer
	jsonOf(&buf, p.yamlNode(), 0)
	return buf.Bytes(), nil
}

// JSON encodes pages as a JSON array.
func JSON(pages []*PageTables) []byte { return jsonDocs(pageNodes(pages)) }

func jsonDocs(nodes []*yaml.Node) []byte {
	var buf bytes.Buffer
	buf.WriteString("[")
	for i, n := range nodes {
		if i > 0 {
			buf.WriteString(",")
		}
		buf.WriteString("\n  ")
		jsonOf(&buf, n, 1)
	}
	if len(nodes) > 0 {
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
