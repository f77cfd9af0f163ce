package diff

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"html"
	"io"
	"sort"
	"strconv"
	"strings"

	"github.com/wikirules/wikirules/model"
)

// flushWriter is what the HTML writer writes through (see buffered).
type flushWriter interface {
	io.Writer
	io.StringWriter
	Flush() error
}

// buffered is w when it is memory already (a bytes.Buffer or a
// strings.Builder, as when a site puts each diff of a history in its
// page: a bufio.Writer of 4 KB for each would be most of what writing
// one allocates), or a bufio.Writer over w.
func buffered(w io.Writer) flushWriter {
	switch m := w.(type) {
	case *bytes.Buffer:
		return inMemory{m}
	case *strings.Builder:
		return inMemory{m}
	}
	return bufio.NewWriter(w)
}

type stringWriter interface {
	io.Writer
	io.StringWriter
}

type inMemory struct{ stringWriter }

func (inMemory) Flush() error { return nil }

// TextOptions control the text form.
type TextOptions struct {
	// Color uses ANSI colors (a terminal without NO_COLOR); without it,
	// changed words are marked [-old-] and {+new+}.
	Color bool
	// NoText leaves out the line diff (the changelog uses it).
	NoText bool
}

const (
	ansiReset  = "\x1b[0m"
	ansiBold   = "\x1b[1m"
	ansiRed    = "\x1b[31m"
	ansiGreen  = "\x1b[32m"
	ansiCyan   = "\x1b[36m"
	ansiYellow = "\x1b[33m"
	ansiDelHL  = "\x1b[7;31m" // reverse red
	ansiInsHL  = "\x1b[7;32m" // reverse green
)

type painter struct {
	w     *bufio.Writer
	color bool
}

// paint writes wiki text s, in colour when the painter has colour.
// Control characters in s are escaped (model.EscapeControls): the only
// escape sequences in the output are the painter's own.
func (p painter) paint(code, s string) {
	s = model.EscapeControls(s)
	if p.color && s != "" {
		p.w.WriteString(code + s + ansiReset)
		return
	}
	p.w.WriteString(s)
}

// FormatValue shows a cell value: numbers as they are, text quoted, null
// for an empty cell.
func FormatValue(v any) string {
	switch x := v.(type) {
	case nil:
		return "null"
	case string:
		return strconv.Quote(x)
	case int64:
		return strconv.FormatInt(x, 10)
	case float64:
		return strconv.FormatFloat(x, 'g', -1, 64)
	}
	return fmt.Sprint(v)
}

// FormatRow shows a row in column order.
func FormatRow(cols []string, row map[string]any) string {
	parts := make([]string, 0, len(row))
	for _, c := range cols {
		if v, ok := row[c]; ok {
			parts = append(parts, c+": "+FormatValue(v))
		}
	}
	return "{" + strings.Join(parts, ", ") + "}"
}

// columnsOf lists a row map's columns in a stable order.
func columnsOf(row map[string]any) []string {
	cols := make([]string, 0, len(row))
	for c := range row {
		cols = append(cols, c)
	}
	sort.Strings(cols)
	return cols
}

func revLine(label string, r RevInfo) string {
	if r.Timestamp == "" {
		return label + " (nothing: the page was created)"
	}
	s := label + " " + r.Timestamp
	if r.Author != "" {
		s += "  " + r.Author
	}
	if r.Summary != "" {
		s += ": " + oneLine(r.Summary)
	}
	return model.EscapeControls(s)
}

func oneLine(s string) string {
	s = strings.Join(strings.Fields(s), " ")
	if rs := []rune(s); len(rs) > 120 {
		s = string(rs[:119]) + "…"
	}
	return s
}

// WriteText writes a result for people.
func WriteText(w io.Writer, r *Result, opt TextOptions) error {
	bw := bufio.NewWriter(w)
	p := painter{w: bw, color: opt.Color}
	p.paint(ansiBold, r.Page)
	bw.WriteString("\n  " + revLine("from", r.From) + "\n  " + revLine("to  ", r.To) + "\n")
	writeSummaryText(p, r)
	if !opt.NoText {
		writeHunks(p, r.Text)
	}
	return bw.Flush()
}

func writeSummaryText(p painter, r *Result) {
	bw := p.w
	if len(r.Sections) > 0 {
		fmt.Fprintf(bw, "\nSections (%d):\n", len(r.Sections))
		for _, s := range r.Sections {
			desc := s.Change.String()
			switch s.Change {
			case SectionLevel:
				desc = fmt.Sprintf("level %d → %d", s.FromLevel, s.ToLevel)
			case SectionRenamed:
				desc = "renamed from " + strconv.Quote(s.FromTitle)
				if s.Similarity < 1 {
					desc += fmt.Sprintf(" (%.0f%% similar)", s.Similarity*100)
				}
			}
			bw.WriteString("  ")
			p.paint(ansiCyan, fmt.Sprintf("%-10s", s.Change))
			fmt.Fprintf(bw, " %s", model.EscapeControls(s.Title))
			if desc != s.Change.String() {
				fmt.Fprintf(bw, ": %s", desc)
			}
			bw.WriteByte('\n')
		}
	}
	if len(r.Tables) > 0 {
		fmt.Fprintf(bw, "\nRule tables (%d):\n", len(r.Tables))
		for _, t := range r.Tables {
			bw.WriteString("  ")
			code := ansiYellow
			if t.ValueChanged() {
				code = ansiBold + ansiRed
			}
			p.paint(code, t.ID)
			fmt.Fprintf(bw, ": %s\n", model.EscapeControls(tableLabel(t)))
			if len(t.ColumnsRenamed) > 0 {
				fmt.Fprintf(bw, "      columns renamed: %s\n", model.EscapeControls(columnRenames(t.ColumnsRenamed)))
			}
			if len(t.ColumnsAdded) > 0 {
				fmt.Fprintf(bw, "      columns added: %s\n", model.EscapeControls(strings.Join(t.ColumnsAdded, ", ")))
			}
			if len(t.ColumnsRemoved) > 0 {
				fmt.Fprintf(bw, "      columns removed: %s\n", model.EscapeControls(strings.Join(t.ColumnsRemoved, ", ")))
			}
			for _, c := range t.Cells {
				fmt.Fprintf(bw, "      %s\n", model.EscapeControls(fmt.Sprintf("%s → %s: %s → %s", c.Row, c.Column, FormatValue(c.From), FormatValue(c.To))))
			}
			if t.Change != TableAdded {
				for _, row := range t.RowsAdded {
					bw.WriteString("      ")
					p.paint(ansiGreen, "+ "+FormatRow(columnsOf(row), row))
					bw.WriteByte('\n')
				}
			}
			if t.Change != TableRemoved {
				for _, row := range t.RowsRemoved {
					bw.WriteString("      ")
					p.paint(ansiRed, "- "+FormatRow(columnsOf(row), row))
					bw.WriteByte('\n')
				}
			}
			if t.FormattingCells > 0 {
				fmt.Fprintf(bw, "      %d cell(s) changed formatting only\n", t.FormattingCells)
			}
		}
	}
	s := r.Summary
	fmt.Fprintf(bw, "\nText: %d hunk(s), +%d −%d lines\n", s.Hunks, s.LinesAdded, s.LinesRemoved)
}

// tableLabel says what happened to a table, in words.
func tableLabel(t TableChange) string {
	switch {
	case t.Change == TableFormatting:
		return "formatting only"
	case t.Change == TableRenamed && t.ValuesChanged:
		return "renamed from " + t.FromID + ", values changed"
	case t.Change == TableRenamed:
		return "renamed from " + t.FromID + ", values unchanged"
	case t.Change == TableModified && !t.ValuesChanged:
		return "columns renamed, values unchanged"
	}
	return t.Change.String()
}

func columnRenames(rs []ColumnRename) string {
	parts := make([]string, len(rs))
	for i, r := range rs {
		parts[i] = r.From + " → " + r.To
	}
	return strings.Join(parts, ", ")
}

func writeHunks(p painter, td *TextDiff) {
	bw := p.w
	for _, h := range td.Hunks {
		bw.WriteByte('\n')
		p.paint(ansiCyan, fmt.Sprintf("@@ -%d,%d +%d,%d @@", h.OldStart, h.OldLines, h.NewStart, h.NewLines))
		bw.WriteByte('\n')
		for _, l := range h.Lines {
			switch l.Kind {
			case LineContext:
				bw.WriteString(" " + model.EscapeControls(l.Text) + "\n")
			case LineRemoved:
				writeChanged(p, "-", l, ansiRed, ansiDelHL, "[-", "-]")
			case LineAdded:
				writeChanged(p, "+", l, ansiGreen, ansiInsHL, "{+", "+}")
			}
		}
	}
}

func writeChanged(p painter, sign string, l Line, base, hl, open, close string) {
	bw := p.w
	if l.Segments == nil {
		p.paint(base, sign+l.Text)
		bw.WriteByte('\n')
		return
	}
	p.paint(base, sign)
	for _, s := range l.Segments {
		switch {
		case !s.Changed:
			p.paint(base, s.Text)
		case p.color:
			p.paint(hl, s.Text)
		default:
			bw.WriteString(open + model.EscapeControls(s.Text) + close)
		}
	}
	bw.WriteByte('\n')
}

// WriteJSON writes v as indented JSON.
func WriteJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(v)
}

// WriteChangelog writes the results of a whole history, one revision after
// another, each with its author, summary and what changed in the rules.
func WriteChangelog(w io.Writer, page string, results []*Result, opt TextOptions) error {
	bw := bufio.NewWriter(w)
	p := painter{w: bw, color: opt.Color}
	p.paint(ansiBold, page)
	fmt.Fprintf(bw, " — %d revision(s)\n", len(results))
	for _, r := range results {
		bw.WriteByte('\n')
		p.paint(ansiBold, r.To.Timestamp)
		fmt.Fprintf(bw, "  %s", model.EscapeControls(r.To.Author))
		if r.To.Summary != "" {
			fmt.Fprintf(bw, ": %s", model.EscapeControls(oneLine(r.To.Summary)))
		}
		bw.WriteByte('\n')
		if r.From.Timestamp == "" {
			bw.WriteString("  page created\n")
		}
		var inner strings.Builder
		ip := painter{w: bufio.NewWriter(&inner), color: opt.Color}
		writeSummaryText(ip, r)
		ip.w.Flush()
		for _, line := range strings.Split(strings.TrimSpace(inner.String()), "\n") {
			if line != "" {
				bw.WriteString("  " + line + "\n")
			}
		}
	}
	return bw.Flush()
}

// WriteHTML writes a result as an HTML fragment: the section and table
// changes, then the text diff with changed words marked <del>/<ins>.
func WriteHTML(w io.Writer, r *Result) error {
	bw := buffered(w)
	e := html.EscapeString
	bw.WriteString(`<div class="diff">`)
	if len(r.Sections) > 0 {
		bw.WriteString(`<section class="diff-sections"><h3>Sections</h3><ul>`)
		for _, s := range r.Sections {
			fmt.Fprintf(bw, `<li class="change-%s"><span class="badge">%s</span> %s`, e(s.Change.String()), e(s.Change.String()), e(s.Title))
			switch s.Change {
			case SectionLevel:
				fmt.Fprintf(bw, `: level %d → %d`, s.FromLevel, s.ToLevel)
			case SectionRenamed:
				fmt.Fprintf(bw, `: renamed from “%s”`, e(s.FromTitle))
				if s.Similarity < 1 {
					fmt.Fprintf(bw, ` (%.0f%% similar)`, s.Similarity*100)
				}
			}
			bw.WriteString("</li>")
		}
		bw.WriteString("</ul></section>")
	}
	if len(r.Tables) > 0 {
		bw.WriteString(`<section class="diff-tables"><h3>Rule tables</h3>`)
		for _, t := range r.Tables {
			fmt.Fprintf(bw, `<div class="table-change change-%s"><p><code>%s</code> <span class="badge">%s</span>`, e(t.Change.String()), e(t.ID), e(t.Change.String()))
			switch {
			case t.Change == TableRenamed:
				fmt.Fprintf(bw, ` from <code>%s</code>`, e(t.FromID))
				if !t.ValuesChanged {
					bw.WriteString(`, values unchanged`)
				}
			case t.Change == TableModified && !t.ValuesChanged:
				bw.WriteString(` columns renamed, values unchanged`)
			}
			bw.WriteString(`</p>`)
			if len(t.ColumnsRenamed) > 0 {
				fmt.Fprintf(bw, `<p class="columns-renamed">Columns renamed: %s</p>`, e(columnRenames(t.ColumnsRenamed)))
			}
			if len(t.ColumnsAdded) > 0 {
				fmt.Fprintf(bw, `<p class="columns-added">Columns added: %s</p>`, e(strings.Join(t.ColumnsAdded, ", ")))
			}
			if len(t.ColumnsRemoved) > 0 {
				fmt.Fprintf(bw, `<p class="columns-removed">Columns removed: %s</p>`, e(strings.Join(t.ColumnsRemoved, ", ")))
			}
			if len(t.Cells) > 0 {
				bw.WriteString(`<table class="cells"><thead><tr><th>Row</th><th>Column</th><th>Before</th><th>After</th></tr></thead><tbody>`)
				for _, c := range t.Cells {
					fmt.Fprintf(bw, `<tr><td>%s</td><td>%s</td><td><del>%s</del></td><td><ins>%s</ins></td></tr>`, e(c.Row), e(c.Column), e(FormatValue(c.From)), e(FormatValue(c.To)))
				}
				bw.WriteString("</tbody></table>")
			}
			if t.Change != TableAdded && len(t.RowsAdded) > 0 {
				bw.WriteString(`<ul class="rows-added">`)
				for _, row := range t.RowsAdded {
					fmt.Fprintf(bw, `<li><ins>%s</ins></li>`, e(FormatRow(columnsOf(row), row)))
				}
				bw.WriteString("</ul>")
			}
			if t.Change != TableRemoved && len(t.RowsRemoved) > 0 {
				bw.WriteString(`<ul class="rows-removed">`)
				for _, row := range t.RowsRemoved {
					fmt.Fprintf(bw, `<li><del>%s</del></li>`, e(FormatRow(columnsOf(row), row)))
				}
				bw.WriteString("</ul>")
			}
			if t.FormattingCells > 0 {
				fmt.Fprintf(bw, `<p class="formatting-cells">%d cell(s) changed formatting only</p>`, t.FormattingCells)
			}
			bw.WriteString("</div>")
		}
		bw.WriteString("</section>")
	}
	if r.Text != nil && len(r.Text.Hunks) > 0 {
		bw.WriteString(`<table class="diff-text"><tbody>`)
		for _, h := range r.Text.Hunks {
			fmt.Fprintf(bw, `<tr class="hunk"><td colspan="3">@@ -%d,%d +%d,%d @@</td></tr>`, h.OldStart, h.OldLines, h.NewStart, h.NewLines)
			for _, l := range h.Lines {
				class, sign := "ctx", " "
				switch l.Kind {
				case LineRemoved:
					class, sign = "del", "−"
				case LineAdded:
					class, sign = "ins", "+"
				}
				oldNo, newNo := "", ""
				if l.OldNo > 0 {
					oldNo = strconv.Itoa(l.OldNo)
				}
				if l.NewNo > 0 {
					newNo = strconv.Itoa(l.NewNo)
				}
				fmt.Fprintf(bw, `<tr class="%s"><td class="ln">%s</td><td class="ln">%s</td><td class="code"><span class="sign">%s</span>`, class, oldNo, newNo, sign)
				if l.Segments == nil {
					bw.WriteString(e(l.Text))
				} else {
					tag := "del"
					if l.Kind == LineAdded {
						tag = "ins"
					}
					for _, s := range l.Segments {
						if s.Changed {
							fmt.Fprintf(bw, "<%s>%s</%s>", tag, e(s.Text), tag)
						} else {
							bw.WriteString(e(s.Text))
						}
					}
				}
				bw.WriteString("</td></tr>")
			}
		}
		bw.WriteString("</tbody></table>")
	}
	bw.WriteString("</div>\n")
	return bw.Flush()
}
