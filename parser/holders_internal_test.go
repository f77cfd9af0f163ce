package parser

import (
	"strconv"
	"testing"

	"github.com/wikirules/wikirules/internal/testutil"
)

// The paragraph pass writes the links that internalLinks held back as it
// copies its lines (blockState.copy), where MediaWiki replaces its link
// holders in a pass of its own after it. These tests parse both ways and
// compare everything the document holds.

func parseHoldersBoth(t *testing.T, name, src string, opts *Options) {
	t.Helper()
	got := documentText(Parse(src, opts))
	separateHolders = true
	defer func() { separateHolders = false }()
	if want := documentText(Parse(src, opts)); got != want {
		t.Errorf("%s: links written in the paragraph pass differ from a pass of their own:\n%s", name, testutil.FirstDiff(want, got))
	}
}

func TestHoldersInParagraphPass(t *testing.T) {
	tpl := scaleTemplates()
	for i, in := range append(sameOutputInputs(t), holderCases...) {
		parseHoldersBoth(t, "input "+strconv.Itoa(i)+" "+firstLine(in), in, &Options{Title: "Holders", WikiTemplates: tpl})
	}
}

// holderCases put links where the paragraph pass copies part of a line:
// list items (trimmed), definition terms split at a colon, indented
// pre, lines with block tags, and labels with markup or newlines.
var holderCases = []string{
	"* [[a]] [[b|c]]\n** [[d]]\n#: [[e]]",
	"; [[a]] : [[b]]\n;[[c|x:y]]:[[d]]",
	" [[a]] pre\n [[b]]",
	"<div>[[a]]</div> [[b]]\n<p>[[c]]</p>",
	"[[a|''b'' '''c''']]s [[d|e\nf]]",
	"text <!--LINK'\" 0--> [[a]]",
	"{|\n| [[a]] || [[b]]\n|}",
	"== [[a]] ==\n[[b]]",
	"<ref>[[a]]</ref> [[b]]\n<references/>",
}

func FuzzHoldersInParagraphPass(f *testing.F) {
	for _, s := range holderCases {
		f.Add(s)
	}
	tpl := scaleTemplates()
	f.Fuzz(func(t *testing.T, src string) {
		parseHoldersBoth(t, "input", src, &Options{WikiTemplates: tpl})
	})
}
