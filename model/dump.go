package model

import (
	"fmt"
	"strconv"
	"strings"
)

// indent is the spaces Dump indents its lines with, two per level.
const indent = "                                                                "

// Dump writes n and its descendants as an indented text tree, one node per
// line with its kind, element, attributes, link or template, text and
// source range. Tests compare trees through it; it is also handy when
// debugging.
func Dump(n *Node) string {
	var b strings.Builder
	// Sized first, indentation and all: grown as it went, the builder
	// copied a deep tree's dump (thousands of nested table cells, 9.6 MB
	// of mostly indentation) five times over.
	size, depth := 0, 0
	Walk(n, func(c *Node, entering bool) WalkStatus {
		if entering {
			size += 2*depth + 48 + len(c.Text)
			depth++
		} else {
			depth--
		}
		return WalkContinue
	})
	b.Grow(size)
	Walk(n, func(c *Node, entering bool) WalkStatus {
		if !entering {
			depth--
			return WalkContinue
		}
		for i := 2 * depth; i > 0; i -= len(indent) {
			b.WriteString(indent[:min(i, len(indent))])
		}
		depth++
		b.WriteString(c.Kind.String())
		if c.Tag != "" && c.Kind != KindDocument {
			b.WriteString(" <" + c.Tag + ">")
		}
		if c.Level != 0 && (c.Kind == KindHeading || c.Kind == KindSection) {
			fmt.Fprintf(&b, " level=%d", c.Level)
		}
		for _, a := range c.Attrs() {
			fmt.Fprintf(&b, " %s=%q", a.Name, a.Value)
		}
		if l := c.Link(); l != nil {
			switch {
			case l.URL != "":
				fmt.Fprintf(&b, " url=%q", l.URL)
			case l.Target != "" || l.Fragment != "":
				fmt.Fprintf(&b, " target=%q", l.Target)
			}
			if l.Fragment != "" {
				fmt.Fprintf(&b, " fragment=%q", l.Fragment)
			}
			if l.Free {
				b.WriteString(" free")
			}
			if l.Autonumber {
				b.WriteString(" autonumber")
			}
			if len(l.Options) > 0 {
				fmt.Fprintf(&b, " options=%q", strings.Join(l.Options, "|"))
			}
		}
		if t := c.Template(); t != nil {
			fmt.Fprintf(&b, " name=%q", t.Name)
			for _, a := range t.Args {
				fmt.Fprintf(&b, " %s=%q", a.Name, a.Value)
			}
			if t.Builtin {
				b.WriteString(" builtin")
			}
			if t.Unknown {
				b.WriteString(" unknown")
			}
		}
		if r := c.Ref(); r != nil {
			fmt.Fprintf(&b, " ref=%q", r.Label)
			if r.Group != "" {
				fmt.Fprintf(&b, " group=%q", r.Group)
			}
			if r.Name != "" {
				fmt.Fprintf(&b, " name=%q", r.Name)
			}
		}
		if c.Kind == KindText || c.Kind == KindError {
			b.WriteString(" " + strconv.Quote(c.Text))
		}
		if c.Kind != KindDocument {
			// Every line has one: through fmt, a dump took 1.4 times as long.
			var num [20]byte
			b.WriteString(" [")
			b.Write(strconv.AppendInt(num[:0], int64(c.Pos), 10))
			b.WriteByte(':')
			b.Write(strconv.AppendInt(num[:0], int64(c.End), 10))
			b.WriteByte(']')
		}
		b.WriteByte('\n')
		return WalkContinue
	})
	return b.String()
}
