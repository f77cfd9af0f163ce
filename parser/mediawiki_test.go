package parser_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/wikirules/wikirules/internal/htmlnorm"
	"github.com/wikirules/wikirules/internal/mwtest"
	"github.com/wikirules/wikirules/parser"
	"github.com/wikirules/wikirules/render"
)

// mediawikiCases are rendered by wikirules and by a real MediaWiki and must
// read the same once normalized (htmlnorm, the conformance suite's rules).
var mediawikiCases = []string{
	// Cite
	"a<ref>note</ref> b<ref name=x>X</ref><ref name=x/>\n<references/>",
	"a<ref name=\"my note\">one</ref> b<ref group=g>G1</ref> c<ref name=d/> d<ref>plain</ref>\n<references group=g/>\n== Notes ==\n<references>\n<ref name=d>defined in list</ref>\n</references>\nafter<ref>late [[Main Page|link]] ''it''</ref><ref name=\"my note\" />",
	"No list<ref>at the end</ref>.",
	"x<ref/> y<ref name=z/> w<ref name=1>n</ref> v<ref> </ref>",
	// Errors of the definitions in <references> come after its list; a
	// name given another text is an error in the note.
	"x<ref name=a/>\n<references>\n<ref name=a>A</ref>\n<ref name=b>B</ref>\n<ref>C</ref>\n<ref name=a></ref>\n<ref name=1>D</ref>\n<ref name=a group=z>E</ref>\n</references>",
	"<div>d</div><references>\n<ref name=a>in list</ref>\n</references> <ref>n</ref>",
	"a<ref name=x>one</ref> b<ref name=x>two</ref> c<ref name=x>one</ref>\n<references>\n<ref name=x>three</ref>\n</references>",
	"{|\n! Card !! Points\n|-\n| Ace || 14<ref>High.</ref>\n|}\n<references/>",
	// The automatic list comes after a table left open; a named group no
	// <references group=…/> lists is an error, its notes not shown.
	"Scores<ref>From the rulebook.</ref>\n{|\n| Ace || 11\n",
	"Rules<ref group=note>A note.</ref> and a source<ref>A source.</ref>.",
	// A lone ''''' leaves nothing (the line is blank); held text "0" too.
	"Intro\n\n'''''\ntext\na '''''0\nb '''''7",
	// Text foster parented out of a table as one run, whitespace and all.
	"{|\n[[Ace|ace]]\n< ten\n|}\n\n{|\n<i>b</i>\n< c\n|}",
	// #tag: the content whole and untrimmed, only named attributes, a tag
	// that is not an extension written back for the paragraph pass.
	"{{#tag:span| spaced |class=x}} {{#tag:span|a=b|class=x}} {{#tag:span}} {{#tag:span|x|pos|title='q\"|title=\"w\"|id=a}}",
	"{{#tag:span|\n* item|class=x}}\nafter",
	"{{#tag:nowiki| ''x'' }} {{#tag:b|bold|onclick=x}}",
	// padleft counts strip markers as MediaWiki does; PHP's (int) length.
	"{{padleft:7|3px|ab}} {{padleft:7|2.9|x}} {{padleft:7|600|x}} {{padleft:<nowiki>n|w</nowiki>|5|0}} {{padleft:<nowiki>n</nowiki>|40|0}} {{padleft:7|3|}} {{padright:|3|z}}",
	"{{#expr:<nowiki>1</nowiki>+1}} {{#ifexpr:<nowiki>1</nowiki>|a|b}}",
	// A call at the very start of a text is not at a line start (a list
	// it writes gets a line break before it).
	"{{lc:* One}} {{uc:* two}}\n\nText\n\n{{#if:x|* three}}",
	// urlencode as PHP's urlencode, rawurlencode (PATH) and wfUrlencode
	// (WIKI); {{ns:}} of an unknown name is read as a template call.
	"{{urlencode:&amp; a'b+c=d?e#f%g~h*i|WIKI}} {{urlencode:a b~c*d|PATH}} {{urlencode:a b~c*d}} {{localurl:A&B's (x)}}",
	"{{urlencode:* item|WIKI}} x",
	"{{ns:Help}} {{ns:2}} {{ns:3abc}} {{ns:-0}} {{ns:x}} {{ns:{{{1}}}}} {{ns:''}} {{nse:Foo}}\n{{ns:\n* item}}",
	// formatnum's minus sign; anchorencode's safe encoding; {{ns:}} empty.
	"{{formatnum:-3}} {{formatnum:-0}} {{formatnum:-1234.5}} {{formatnum:1.5e3}} {{formatnum:-.5}} {{formatnum:a-1b}} {{formatnum:-3|R}}",
	"{{anchorencode:&amp;}} {{anchorencode:a&#32;b}} {{anchorencode:{|x|}}} {{anchorencode:a''b''}} {{anchorencode:ISBN RFC __x}} {{anchorencode:http://x.y}} {{anchorencode:a\"b<c>&d}} {{ns:}}x {{ns: }}y",
	// An empty <references/> is nothing to the paragraph pass.
	"<references/> !! head2\n\nx\n<references/><references/>  two\nnext\n <references/> y",
	// White space before a category link goes (rtrim), newlines included.
	"[[#sec]] [[Category:Cat]][[A#frag|t]]\n<ins>i</ins> [[Category:Cat]]{{\ntext\n [[Category:A]]\nmore\n\n* item [[Category:A]]\n* next",
	"{{formatnum:−3 -3|R}} {{formatnum:abc,def|R}} {{formatnum:∞|R}} {{formatnum:−∞|R}} {{formatnum:1,234.5|R}} {{formatnum:1.2.3,4|R}}",
	"{{anchorencode:%7B x %zz %4}} {{anchorencode:a%20b}} {{anchorencode:100%}}",
	// An open <pre> keeps its lines from the list and heading passes'
	// paragraph closing.
	"a <pre>\n## not a list\n== not closed by a heading ==\n# still text\n<h2>h</h2>\n* x",
	"{{#rel2abs:<nowiki>n|w</nowiki>|A/B/C}} {{#titleparts:<nowiki>n|w</nowiki>|1}} {{#titleparts:A/<nowiki>x</nowiki>/C|1|2}} {{#rel2abs:../<nowiki>x</nowiki>|A/B}}",
	"{{anchorencode:ne\n* \n* item}} {{anchorencode:''''''''}} {{anchorencode:'''b''' ''i'' x}} {{anchorencode:a\tb}} {{anchorencode:l''''x''''}}",
	// __TOC__ is a block to the paragraph pass.
	"__NOTOC__\n\nmailto:a@b.c and __TOC__\n<span>s</span>-----\n!! x",
	"Setup first __TOC__\nthen the deal.\n\n* item __TOC__ more",
	"a '''b __TOC__ c''' d\n\nx<b>y __TOC__ z</b>w http://example.com/x.__TOC__[[Link]]s",
	"!! head2 </div> ----\n__TOC__ == Heading == http://example.com/x.\n\n<b><center>c</center>\n\n",
	// Galleries
	"<gallery widths=200px heights=100px caption=\"Some cards\">\nFile:Ace.png|The [[ace]]\nKing.png|The king\nFile:Queen.png\n</gallery>",
	// Parser functions and magic words
	"{{#if:x|yes|no}} {{#ifeq:01|1|yes|no}} {{#switch:b|a=1|b=2|3}} {{#expr:(1+2)*3}} {{#expr:1/0}}",
	"{{#time:Y-m-d|2024-03-05}} {{#titleparts:A/B/C|1|2}} {{#rel2abs:../x|A/B}}",
	"{{lc:AbC}} {{uc:abc}} {{ucfirst:abc}} {{lc:x<nowiki/>Y}} {{padleft:7|3|0}} {{formatnum:1234567.5}} {{formatnum:-12345}}",
	// Full case mappings: "ß" in capitals is "SS", "İ" in small letters "i̇";
	// a title's first letter too ([[ßa]] is the page "SSa").
	"{{uc:Straße}} {{ucfirst:ßa}} {{lc:İSTANBUL}} {{lcfirst:İx}} {{ucfirst:ﬀ}} [[ßa]] [[ŉ x]]",
	"{{PAGENAME}} {{PAGENAMEE}} {{TALKPAGENAME}} {{NAMESPACENUMBER}} {{ns:User_talk}} {{urlencode:a b&c}} {{anchorencode:[[x]] ''y''}}",
	"{{#language:fr}} {{#formatdate:2009-03-24}} {{#tag:b|bold}} {{#foo:bar}} {{DEFAULTSORT:x}}",
	"{{No such template}} and {{msgnw:No such template}}",
	"#REDIRECT [[Main Page]]",
	// Words of the page and the revision (no saved revision: empty ids).
	"{{PAGELANGUAGE}}|{{STYLEPATH}}|{{PAGEID}}|{{REVISIONID}}|{{REVISIONUSER}}|{{REVISIONSIZE}}|{{SCRIPTPATH}}",
	// Link targets written with %-escapes show decoded.
	"[[7%25 Solution]] [[7%25 Solution|7%25 Solution]] [[:Category:A%20b]] [[%3Cb%3E]] [[ 7%25 x]]",
	// Extension tags' HTML is in the text of the paragraph pass: a <pre>
	// opened in a list item holds the rest of its line, its other lines
	// are lines of the page.
	"* step <pre>first line\nsecond line</pre>\n* next\n: <pre>\n* not in the pre\n</pre>",
	"x<ref>a\nb</ref>\n* y <pre>c\n d</pre>\n\n<references />\n# z",
	// Galleries: options, captions with links and templates, a URL
	// taking the pipes after it, file names shown, no lines, a width per
	// row, the list's own attributes, and a gallery in a list item.
	"<gallery widths=150px heights=\"90\" caption=\"''Some'' [[cards]]\" class=\"x\" style=\"color:red\" perrow=2>\nFile:A.png|alt=An ace|The [[ace|Ace]] {{lc:UP}}\nKing.png|a|b|last\n|no file\n\n  File:C%20d.png  |  spaced  \nFile:E.png|link=http://x.example/|ext\n</gallery>",
	"* item <gallery mode=nolines showfilename=yes>\nnot a file\nFile:B.jpg|''it''\n</gallery>\n* next",
	// An image's caption is parsed on its own and its URLs are not read
	// again: a caption ending in an external link after a link is cut at
	// the first "]]"; quotes left open close in the caption; an external
	// link before an image with one in its caption is whole.
	"[[File:Board.png|thumb|[[Card]] x [http://example.com site]]]\n\ny",
	"[[File:B.png|thumb|an ''open caption]] and ''text''",
	"<code>x</code> <br /> [[Card]] [http://example.com site] '''''both'''''\n[[File:Board.png|thumb|200px|l'''élan''' <br /> '''''both''''' [http://example.com site]]] [[File:C.png|x http://example.com/y]]",
	// A footnote inside {{#tag:ref|…}} is a footnote of its own, counted
	// once even when the text holds an "=".
	"{{#tag:ref|a <ref>inner</ref> <span style=\"color:red\">b</span>}} c <ref>outer</ref>\n<references/>",
	// #time: a strip marker is no date.
	"{{#time:Y|<nowiki>2024</nowiki>}} {{#time:Y|2021-01-01}}",
	// Link targets and fragments read as the title codec reads them:
	// Unicode spaces, bidi marks, a space at a fragment's start, PHP's
	// rawurldecode, no link for a title that would hold U+FFFD.
	"[[#a&nbsp;b]] [[#a\u00a0b]] [[#a\u2003_\u3000b]] [[#a \u200e b]] [[#a&#x202A;b&#x202E;]] [[# lead]] [[#_x]] [[#trail _\u00a0]] [[#a%%41]] [[#x%zz%41]] [[#a&#9;  b]] [[Main Page _#x]] [[Ma&#x200F;in&#x2003;Page#y]] [[:\u00a0Main Page#z]]",
	"[[#a&#x0C;b]] [[Main Page#a&#x0C;b|label]] [[#a&#13;b]] [[#a&#xFFFE;b]] [[#a&#xFFFD;b]] [[#a\uFFFDb]] [[#&#99999999999;]] [[#a%0Bb&amp;]] [[#a%C3]] [[a&#9;]] [[Main Page&#9;#x]] [[#a%0Cb]]",
	// A link is forced (its ':' left out of its text, a file or category
	// linked) only when its target as written starts with ':'.
	"[[_:Foo]] [[\u200e:Foo]] [[&#x200E;:Foo]] [[&nbsp;:Foo]] [[\u3000:Foo]] [[_:Help:Foo]] [[_:#x]] [[:Foo]] [[ :Foo]] [[_:File:X.png]] [[\u00a0:Category:Foo]] x",
	// A free link cut at &nbsp; or &lt;: the rest of MediaWiki's match is
	// not searched for another link.
	"http://a.example&nbsp;see(http://b.example) and http://c.example&lt;http://d.example",
}

// TestMain removes the MediaWiki that TestAgainstMediaWiki installed when
// it could not keep one in the user's cache.
func TestMain(m *testing.M) { mwtest.Main(m) }

func TestAgainstMediaWiki(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("skipped in -short mode: runs a MediaWiki")
	}
	// A wiki of mwtest's (Cite and ParserFunctions loaded, installed once
	// and copied), with the name, server and paths the parser is given
	// below, and the media markup of MediaWiki 1.40 on (figure,
	// span[typeof]), which wikirules writes (as TestRenderMatchesMediaWiki
	// compares).
	w := mwtest.New(t)
	if err := w.AddSettings("$wgSitename = 'Test';\n$wgServer = 'http://example.org';\n$wgArticlePath = \"/wiki/$1\";\n$wgParserEnableLegacyMediaDOM = false;\n$wgEnableUploads = false;\n"); err != nil {
		t.Fatal(err)
	}
	cases := mediawikiCases
	for _, c := range append(exprCases(t), timeCases(t)...) {
		cases = append(cases, c[0])
	}
	templates, generated := generatedTexts(300, 250)
	cases = append(cases, generated...)
	pages := map[string]string{}
	tpl := parser.NewWikiTemplates()
	for name, text := range templates {
		pages["Template:"+name] = text
		// Saved, a page loses its trailing white space.
		tpl.Add(name, strings.TrimRight(text, " \t\r\n"))
	}
	in, _ := json.Marshal(map[string]any{"pages": pages, "texts": cases})
	script, _ := filepath.Abs(filepath.Join("testdata", "mediawiki", "batch.php"))
	outFile := filepath.Join(t.TempDir(), "out.json")
	if msg, err := w.Maintenance(t.Context(), strings.NewReader(string(in)), script, "--out", outFile); err != nil {
		t.Fatalf("MediaWiki's parser: %v\n%s", err, msg)
	}
	out, err := os.ReadFile(outFile)
	if err != nil {
		t.Fatal(err)
	}
	var want []string
	if err := json.Unmarshal(out, &want); err != nil || len(want) != len(cases) {
		t.Fatalf("MediaWiki's parser returned %d results (%v): %.300s", len(want), err, out)
	}
	for i, src := range cases {
		if src == "#REDIRECT [[Main Page]]" {
			// MediaWiki's parser reads a redirect as a list; the page
			// view (and Parse) takes it off and shows a header.
			continue
		}
		// batch.php parses each text as revision 1 of the page.
		doc := parser.Parse(src, &parser.Options{Title: "Parser test", SiteName: "Test", Server: "http://example.org", RevisionID: 1, WikiTemplates: tpl})
		var sb strings.Builder
		render.New(render.Options{}).Render(&sb, doc)
		got := sb.String()
		if g, w := htmlnorm.Normalize(got), htmlnorm.Normalize(want[i]); g != w {
			t.Errorf("%q:\n--- MediaWiki\n%s\n--- wikirules\n%s", src, w, g)
		}
	}
}
