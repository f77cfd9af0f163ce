package diff

import (
	"bufio"
	"fmt"
	"html"
	"io"
)

// pageStyle styles a standalone diff page: light and dark (following the
// system), readable on a phone, printable.
const pageStyle = `
:root { color-scheme: light dark;
  --bg: light-dark(#ffffff, #14181d); --bg-soft: light-dark(#f6f7f9, #1b2027); --bg-code: light-dark(#f3f4f6, #20262e);
  --fg: light-dark(#1d232b, #e3e7ec); --fg-soft: light-dark(#55606d, #9aa5b1); --border: light-dark(#dde1e6, #2f3740);
  --accent: light-dark(#2f6f4f, #6fcf97); --accent-soft: light-dark(#e5f1ea, #1d3327);
  --fail: light-dark(#b42318, #ff8a80); --fail-bg: light-dark(#fde8e6, #3a1a17);
  --ins-bg: light-dark(#dafbe1, #163a22); --ins-strong: light-dark(#a6f0b5, #23623a);
  --del-bg: light-dark(#ffebe9, #3d1a1a); --del-strong: light-dark(#ffc1bc, #6e2a2a);
  --mono: ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace; }
* { box-sizing: border-box; }
body { margin: 0; background: var(--bg); color: var(--fg);
  font: 16px/1.55 system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif; }
main { max-width: 1100px; margin: 0 auto; padding: 1rem 1rem 3rem; }
h1 { font-size: 1.6rem; margin: .5rem 0; }
h2 { font-size: 1.2rem; margin: 0 0 .3rem; }
h3 { font-size: 1rem; margin: .8rem 0 .3rem; }
code { font-family: var(--mono); font-size: .9em; background: var(--bg-code); padding: .1em .3em; border-radius: 4px; }
.revision { border: 1px solid var(--border); border-radius: 8px; padding: .8rem 1rem; margin: 1rem 0; }
.revs { margin: 0; display: grid; grid-template-columns: auto 1fr; gap: .1rem .8rem; color: var(--fg-soft); font-size: .92rem; }
.revs dt { font-weight: 600; }
.revs dd { margin: 0; overflow-wrap: anywhere; }
.verdict { display: inline-block; margin: .5rem 0 0; font-size: .8rem; font-weight: 700; letter-spacing: .04em;
  text-transform: uppercase; padding: .1em .6em; border-radius: 999px; background: var(--bg-code); color: var(--fg-soft); }
.verdict.rules { background: var(--fail-bg); color: var(--fail); }
.badge { display: inline-block; font-size: .72rem; font-weight: 700; letter-spacing: .04em; padding: .1em .5em;
  border-radius: 999px; background: var(--bg-code); color: var(--fg-soft); vertical-align: middle; text-transform: uppercase; }
.diff ul { margin: .3rem 0; }
.diff .change-added .badge, .diff .change-modified .badge { background: var(--accent-soft); color: var(--accent); }
.diff .change-removed .badge { background: var(--fail-bg); color: var(--fail); }
.diff table.cells { border-collapse: collapse; font-size: .9rem; margin: .3rem 0; }
.diff table.cells td, .diff table.cells th { border: 1px solid var(--border); padding: .2rem .5rem; text-align: left; }
.diff table.cells th { background: var(--bg-soft); }
.diff-text { border-collapse: collapse; width: 100%; font-family: var(--mono); font-size: .82rem; display: block;
  overflow-x: auto; margin-top: .8rem; border: 1px solid var(--border); border-radius: 6px; }
.diff-text td { padding: 0 .5rem; white-space: pre-wrap; vertical-align: top; }
.diff-text td.ln { color: var(--fg-soft); text-align: right; user-select: none; width: 3.5em; }
.diff-text tr.hunk td { background: var(--bg-code); color: var(--fg-soft); padding: .2rem .5rem; }
.diff-text tr.ins td.code { background: var(--ins-bg); }
.diff-text tr.del td.code { background: var(--del-bg); }
.diff ins { background: var(--ins-strong); text-decoration: none; border-radius: 2px; }
.diff del { background: var(--del-strong); text-decoration: none; border-radius: 2px; }
.diff .sign { user-select: none; color: var(--fg-soft); margin-right: .4em; }
.nochange { color: var(--fg-soft); }
footer { color: var(--fg-soft); font-size: .85rem; margin-top: 2rem; }
@media print { .revision { break-inside: avoid; } }
`

// WritePage writes results as one standalone HTML page (its own styles, no
// other file needed), each result with its two revisions (time, author,
// summary), whether the rules changed, and the changes as WriteHTML shows
// them. A whole history (Changelog) is one page with a part per
// revision.
func WritePage(w io.Writer, page string, results []*Result) error {
	bw := bufio.NewWriter(w)
	e := html.EscapeString
	title := "Changes to " + page
	if len(results) == 1 && results[0].From.Timestamp != "" {
		title = fmt.Sprintf("%s: %s → %s", page, results[0].From.Timestamp, results[0].To.Timestamp)
	}
	fmt.Fprintf(bw, `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="generator" content="wikirules">
<title>%s</title>
<style>%s</style>
</head>
<body>
<main>
<h1>%s</h1>
`, e(title), pageStyle, e(page))
	for _, r := range results {
		bw.WriteString(`<section class="revision">` + "\n<dl class=\"revs\">")
		writeRevHTML(bw, "from", r.From)
		writeRevHTML(bw, "to", r.To)
		bw.WriteString("</dl>\n")
		switch {
		case r.RulesChanged():
			bw.WriteString(`<p class="verdict rules">rule values changed</p>`)
		case len(r.Tables) > 0:
			// Formatting, renames and moves: no value changed.
			what := "formatting only"
			for _, t := range r.Tables {
				if t.Change != TableFormatting {
					what = "renamed, no value changed"
				}
			}
			bw.WriteString(`<p class="verdict">rule tables: ` + what + `</p>`)
		default:
			bw.WriteString(`<p class="verdict">no rule table changed</p>`)
		}
		bw.WriteString("\n")
		if len(r.Sections) == 0 && len(r.Tables) == 0 && (r.Text == nil || len(r.Text.Hunks) == 0) {
			bw.WriteString(`<p class="nochange">The two revisions have the same text.</p>` + "\n")
		} else if err := WriteHTML(bw, r); err != nil {
			return err
		}
		bw.WriteString("</section>\n")
	}
	bw.WriteString("<footer>Written by wikirules diff.</footer>\n</main>\n</body>\n</html>\n")
	return bw.Flush()
}

func writeRevHTML(bw *bufio.Writer, label string, r RevInfo) {
	e := html.EscapeString
	fmt.Fprintf(bw, "<dt>%s</dt><dd>", label)
	if r.Timestamp == "" {
		bw.WriteString("nothing: the page was created</dd>")
		return
	}
	fmt.Fprintf(bw, `<time datetime="%s">%s</time> by %s`, e(r.Timestamp), e(r.Timestamp), e(r.Author))
	if r.Summary != "" {
		fmt.Fprintf(bw, `: <q>%s</q>`, e(oneLine(r.Summary)))
	}
	bw.WriteString("</dd>")
}
