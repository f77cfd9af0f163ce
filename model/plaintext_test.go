package model_test

import (
	"strings"
	"testing"

	"github.com/wikirules/wikirules/model"
)

// plainTextBefore is PlainTextSkipping as it was written before it
// returned the words of one text as a part of it: the reference the fast
// path is checked against.
func plainTextBefore(n *model.Node, skip func(*model.Node) bool) string {
	var b strings.Builder
	space := true
	emit := func(s string) {
		for i := 0; i < len(s); {
			if s[i] == ' ' || s[i] == '\t' || s[i] == '\n' || s[i] == '\r' || s[i] == '\f' {
				if !space {
					b.WriteByte(' ')
					space = true
				}
				i++
				continue
			}
			j := i + 1
			for j < len(s) && !(s[j] == ' ' || s[j] == '\t' || s[j] == '\n' || s[j] == '\r' || s[j] == '\f') {
				j++
			}
			b.WriteString(s[i:j])
			space = false
			i = j
		}
	}
	model.Walk(n, func(c *model.Node, entering bool) model.WalkStatus {
		if skip != nil && c != n && skip(c) {
			return model.WalkSkipChildren
		}
		switch c.Kind {
		case model.KindText:
			if entering {
				emit(c.Text)
			}
		case model.KindImage, model.KindError, model.KindRef:
			return model.WalkSkipChildren
		case model.KindLineBreak:
			if entering {
				emit(" ")
			}
		case model.KindParagraph, model.KindListItem, model.KindCell, model.KindRow, model.KindHeading, model.KindPre, model.KindCaption:
			emit(" ")
		}
		return model.WalkContinue
	})
	return strings.TrimRight(b.String(), " ")
}

// FuzzPlainText: PlainText of a heading, a paragraph and a cell made of
// texts, line breaks and bold runs reads as the straightforward reading
// above, whether its words come from one text or several.
func FuzzPlainText(f *testing.F) {
	for _, s := range []string{"Scoring rules", " two  words ", "a\tb\nc", "x|y", "one|one", "a |b", "|", " | ", "é ü|ö", "a b|a b", "\v\f x"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		for _, kind := range []model.Kind{model.KindHeading, model.KindParagraph, model.KindCell, model.KindBold} {
			n := &model.Node{Kind: kind}
			var last *model.Node
			for k, part := range strings.Split(s, "|") {
				switch {
				case part == "br":
					n.AppendChild(&model.Node{Kind: model.KindLineBreak})
				case k%3 == 2 && last != nil:
					// The same text again, in bold.
					b := &model.Node{Kind: model.KindBold}
					b.AppendChild(&model.Node{Kind: model.KindText, Text: last.Text})
					n.AppendChild(b)
				default:
					last = &model.Node{Kind: model.KindText, Text: part}
					n.AppendChild(last)
				}
			}
			if want, got := plainTextBefore(n, nil), model.PlainText(n); want != got {
				t.Fatalf("%v %q: PlainText %q, want %q", kind, s, got, want)
			}
		}
	})
}
