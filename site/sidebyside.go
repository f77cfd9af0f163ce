package site

import (
	"html/template"
	"strconv"
	"strings"

	"github.com/wikirules/wikirules/diff"
)

// diffHTML is a revision diff as the history page shows it (see
// writeDiffHTML), for the page's layouts.
func diffHTML(res *diff.Result) template.HTML {
	var b strings.Builder
	b.Grow(diffHTMLSize(res))
	writeDiffHTML(&b, res)
	return template.HTML(b.String())
}

// writeDiffHTML writes a revision diff as the history page shows it: the
// section and rule-table changes (diff.WriteHTML), then the text side by
// side, old on the left and new on the right, changed words marked, as
// MediaWiki shows a diff. On a narrow screen (or with the page's "inline"
// switch) the same rows read as one column: each row's old line above its
// new one. (b is memory: the writes cannot fail.)
func writeDiffHTML(b bodyWriter, res *diff.Result) {
	if len(res.Sections) > 0 || len(res.Tables) > 0 {
		summary := *res
		summary.Text = nil
		_ = diff.WriteHTML(b, &summary)
	}
	writeSideBySide(b, res.Text)
}

// diffHTMLSize is about the bytes writeDiffHTML writes for res.
func diffHTMLSize(res *diff.Result) int {
	size := 512 * (len(res.Sections) + len(res.Tables))
	td := res.Text
	if td == nil {
		return size
	}
	size += 200
	for _, h := range td.Hunks {
		for _, l := range h.Lines {
			size += 2*len(l.Text) + 160
		}
	}
	return size
}

// writeSideBySide writes a text diff as a table of four columns: old line
// number, old text, new line number, new text. A run of removed lines and
// the run of added lines after it pair up row by row (their words
// highlighted); context rows show the line on both sides.
func writeSideBySide(b bodyWriter, td *diff.TextDiff) {
	if td == nil || len(td.Hunks) == 0 {
		return
	}
	b.WriteString(`<div class="diff diff-sbs"><table class="diff-text sbs"><colgroup><col class="ln"><col class="code"><col class="ln"><col class="code"></colgroup><tbody>`)
	for _, h := range td.Hunks {
		b.WriteString(`<tr class="hunk"><td colspan="4">Line `)
		b.WriteString(strconv.Itoa(h.OldStart))
		b.WriteString(` → line `)
		b.WriteString(strconv.Itoa(h.NewStart))
		b.WriteString(`</td></tr>`)
		for i := 0; i < len(h.Lines); {
			l := h.Lines[i]
			if l.Kind == diff.LineContext {
				b.WriteString(`<tr class="ctx">`)
				side(b, l, "", false)
				side(b, l, "", true)
				b.WriteString("</tr>")
				i++
				continue
			}
			// A change: the removed lines, then the added ones.
			j := i
			for j < len(h.Lines) && h.Lines[j].Kind == diff.LineRemoved {
				j++
			}
			k := j
			for k < len(h.Lines) && h.Lines[k].Kind == diff.LineAdded {
				k++
			}
			dels, inss := h.Lines[i:j], h.Lines[j:k]
			for r := 0; r < max(len(dels), len(inss)); r++ {
				class := "chg"
				switch {
				case r >= len(dels):
					class = "add"
				case r >= len(inss):
					class = "rem"
				}
				b.WriteString(`<tr class="`)
				b.WriteString(class)
				b.WriteString(`">`)
				if r < len(dels) {
					side(b, dels[r], "del", false)
				} else {
					b.WriteString(`<td class="ln empty"></td><td class="code empty"></td>`)
				}
				if r < len(inss) {
					side(b, inss[r], "ins", true)
				} else {
					b.WriteString(`<td class="ln empty"></td><td class="code empty"></td>`)
				}
				b.WriteString("</tr>")
			}
			i = max(k, i+1)
		}
	}
	b.WriteString("</tbody></table></div>\n")
}

// side writes one side of a row (the new side when right): the line's
// number and its text, changed words marked with tag (del or ins; "" on a
// context line).
func side(b bodyWriter, l diff.Line, tag string, right bool) {
	no, sign := l.OldNo, "−"
	if right {
		no, sign = l.NewNo, "+"
	}
	if tag == "" {
		sign = " "
	}
	b.WriteString(`<td class="ln">`)
	if no > 0 {
		b.WriteString(strconv.Itoa(no))
	}
	b.WriteString(`</td><td class="code`)
	if tag != "" {
		b.WriteByte(' ')
		b.WriteString(tag)
	}
	b.WriteString(`"><span class="sign" aria-hidden="true">`)
	b.WriteString(sign)
	b.WriteString(`</span>`)
	if l.Segments == nil || tag == "" {
		escapeText(b, l.Text)
	} else {
		for _, s := range l.Segments {
			if s.Changed {
				b.WriteByte('<')
				b.WriteString(tag)
				b.WriteByte('>')
				escapeText(b, s.Text)
				b.WriteString("</")
				b.WriteString(tag)
				b.WriteByte('>')
			} else {
				escapeText(b, s.Text)
			}
		}
	}
	b.WriteString("</td>")
}
