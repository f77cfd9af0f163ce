package mwxml

import (
	"bufio"
	"fmt"
	"io"
	"unicode/utf8"

	"github.com/wikirules/wikirules/model"
)

// Page is a page and its revisions, for writing.
type Page struct {
	Title     string
	Namespace int
	ID        int64
	Redirect  string
	Revisions []*model.Revision
}

// DefaultSiteInfo is the <siteinfo> written for inputs that carried none.
func DefaultSiteInfo(siteName string) *model.SiteInfo {
	return &model.SiteInfo{Name: siteName, Generator: "wikirules", Case: model.CaseFirstLetter}
}

// Write writes pages as a schema-0.11 export with site's <siteinfo> (nil:
// DefaultSiteInfo("wikirules")). Revisions are written in the order given,
// as MediaWiki 1.39 writes them (the main slot, the other slots, then the
// revision's <sha1>): deleted parts as <… deleted="deleted"/>, stubs
// as <text bytes=… id=… location=…/>, slots other than the main one as
// <content>. Reading the output back gives the same revisions.
func Write(w io.Writer, site *model.SiteInfo, pages []Page) error {
	if site == nil {
		site = DefaultSiteInfo("wikirules")
	}
	bw := bufio.NewWriter(w)
	bw.WriteString(`<mediawiki xmlns="http://www.mediawiki.org/xml/export-0.11/" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:schemaLocation="http://www.mediawiki.org/xml/export-0.11/ http://www.mediawiki.org/xml/export-0.11.xsd" version="0.11" xml:lang="en">` + "\n")
	if err := writeSiteInfo(bw, site); err != nil {
		return err
	}
	for _, p := range pages {
		if err := checkText(p.Title+p.Redirect, p.Title); err != nil {
			return err
		}
		bw.WriteString("  <page>\n    <title>")
		esc(bw, p.Title)
		fmt.Fprintf(bw, "</title>\n    <ns>%d</ns>\n    <id>%d</id>\n", p.Namespace, p.ID)
		if p.Redirect != "" {
			bw.WriteString(`    <redirect title="`)
			esc(bw, p.Redirect)
			bw.WriteString("\" />\n")
		}
		for _, r := range p.Revisions {
			if err := writeRevision(bw, p.Title, r); err != nil {
				return err
			}
		}
		bw.WriteString("  </page>\n")
	}
	bw.WriteString("</mediawiki>\n")
	return bw.Flush()
}

func writeSiteInfo(bw *bufio.Writer, si *model.SiteInfo) error {
	if err := checkText(si.Name+si.DBName+si.Base+si.Generator+si.Case, "<siteinfo>"); err != nil {
		return err
	}
	bw.WriteString("  <siteinfo>\n")
	for _, f := range []struct{ tag, v string }{
		{"sitename", si.Name}, {"dbname", si.DBName}, {"base", si.Base}, {"generator", si.Generator}, {"case", si.Case},
	} {
		if f.v == "" && f.tag != "sitename" {
			continue
		}
		bw.WriteString("    <" + f.tag + ">")
		esc(bw, f.v)
		bw.WriteString("</" + f.tag + ">\n")
	}
	if len(si.Namespaces) > 0 {
		bw.WriteString("    <namespaces>\n")
		for _, ns := range si.Namespaces {
			if err := checkText(ns.Name+ns.Case, "<siteinfo>"); err != nil {
				return err
			}
			fmt.Fprintf(bw, `      <namespace key="%d"`, ns.ID)
			if ns.Case != "" {
				bw.WriteString(` case="`)
				esc(bw, ns.Case)
				bw.WriteString(`"`)
			}
			if ns.Name == "" {
				bw.WriteString(" />\n")
				continue
			}
			bw.WriteString(">")
			esc(bw, ns.Name)
			bw.WriteString("</namespace>\n")
		}
		bw.WriteString("    </namespaces>\n")
	}
	bw.WriteString("  </siteinfo>\n")
	return nil
}

// checkText refuses a value XML cannot carry.
func checkText(s, what string) error {
	if !utf8.ValidString(s) {
		return fmt.Errorf("%s is not valid UTF-8", what)
	}
	if c := invalidXMLChar(s); c >= 0 {
		return fmt.Errorf("%s holds a control character (U+%04X) that XML cannot carry", what, c)
	}
	return nil
}

func writeRevision(bw *bufio.Writer, title string, r *model.Revision) error {
	s := r.Text + r.Summary + r.Author
	for _, sl := range r.Slots {
		s += sl.Text + sl.Role + sl.Model + sl.Format
	}
	if err := checkText(s+r.Main.Model+r.Main.Format+r.Main.TextID+r.Main.Location, title+": revision "+model.FormatTime(r.Timestamp)); err != nil {
		return err
	}
	fmt.Fprintf(bw, "    <revision>\n      <id>%d</id>\n", r.ID)
	if r.ParentID != 0 {
		fmt.Fprintf(bw, "      <parentid>%d</parentid>\n", r.ParentID)
	}
	fmt.Fprintf(bw, "      <timestamp>%s</timestamp>\n", model.FormatTime(r.Timestamp))
	if r.Deleted&model.DeletedAuthor != 0 {
		bw.WriteString("      <contributor deleted=\"deleted\" />\n")
	} else {
		bw.WriteString("      <contributor>\n")
		tag := "username"
		if isIP(r.Author) && r.AuthorID == 0 {
			tag = "ip"
		}
		fmt.Fprintf(bw, "        <%s>", tag)
		esc(bw, r.Author)
		fmt.Fprintf(bw, "</%s>\n", tag)
		if r.AuthorID != 0 {
			fmt.Fprintf(bw, "        <id>%d</id>\n", r.AuthorID)
		}
		bw.WriteString("      </contributor>\n")
	}
	if r.Minor {
		bw.WriteString("      <minor />\n")
	}
	switch {
	case r.Deleted&model.DeletedSummary != 0:
		bw.WriteString("      <comment deleted=\"deleted\" />\n")
	case r.Summary != "":
		bw.WriteString("      <comment>")
		esc(bw, r.Summary)
		bw.WriteString("</comment>\n")
	}
	main := model.Slot{Role: "main", SlotInfo: r.Main, Text: r.Text, SHA1: r.Digest(), Size: r.Size, Stub: !r.Visible()}
	deleted := r.Deleted&model.DeletedText != 0
	writeSlot(bw, "      ", main, deleted)
	for _, sl := range r.Slots {
		bw.WriteString("      <content>\n        <role>")
		esc(bw, sl.Role)
		bw.WriteString("</role>\n")
		writeSlot(bw, "        ", sl, deleted)
		bw.WriteString("      </content>\n")
	}
	sum, ok := revisionSHA1(main.SHA1, r.Slots)
	if ok && !deleted {
		fmt.Fprintf(bw, "      <sha1>%s</sha1>\n", Base36SHA1(sum))
	} else {
		bw.WriteString("      <sha1 />\n")
	}
	bw.WriteString("    </revision>\n")
	return nil
}

// defaultFormats are the serialization formats of the content models
// MediaWiki ships, for slots whose input named no format.
var defaultFormats = map[string]string{
	"wikitext": "text/x-wiki", "css": "text/css", "sanitized-css": "text/css", "javascript": "text/javascript",
	"json": "application/json", "text": "text/plain", "Scribunto": "text/plain",
}

// writeSlot writes a slot's <origin>, <model>, <format> and <text>.
func writeSlot(bw *bufio.Writer, indent string, s model.Slot, deleted bool) {
	if s.Origin != 0 {
		fmt.Fprintf(bw, "%s<origin>%d</origin>\n", indent, s.Origin)
	}
	mod, format := s.Model, s.Format
	if mod == "" {
		mod = "wikitext"
	}
	if format == "" {
		format = defaultFormats[mod]
	}
	bw.WriteString(indent + "<model>")
	esc(bw, mod)
	bw.WriteString("</model>\n")
	if format != "" {
		bw.WriteString(indent + "<format>")
		esc(bw, format)
		bw.WriteString("</format>\n")
	}
	if s.Stub && !deleted && s.Size == 0 && s.SHA1 == "" && s.TextID == "" && s.Location == "" {
		return // nothing is known of the text: the input had no <text>
	}
	bw.WriteString(indent + "<text")
	if s.Size > 0 || !s.Stub && !deleted {
		fmt.Fprintf(bw, ` bytes="%d"`, s.Size)
	}
	if s.SHA1 != "" {
		fmt.Fprintf(bw, ` sha1="%s"`, Base36SHA1(s.SHA1))
	}
	switch {
	case deleted:
		bw.WriteString(" deleted=\"deleted\" />\n")
	case s.Stub:
		for _, a := range []struct{ name, v string }{{"id", s.TextID}, {"location", s.Location}} {
			if a.v != "" {
				bw.WriteString(" " + a.name + `="`)
				esc(bw, a.v)
				bw.WriteString(`"`)
			}
		}
		bw.WriteString(" />\n")
	default:
		bw.WriteString(` xml:space="preserve">`)
		esc(bw, s.Text)
		bw.WriteString("</text>\n")
	}
}

// invalidXMLChar returns the first character XML 1.0 cannot hold, or -1.
func invalidXMLChar(s string) rune {
	for _, r := range s {
		if r < 0x20 && r != '\t' && r != '\n' && r != '\r' || r == 0xFFFE || r == 0xFFFF {
			return r
		}
	}
	return -1
}

func isIP(s string) bool {
	if s == "" {
		return false
	}
	dots, colons := 0, 0
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '.':
			dots++
		case c == ':':
			colons++
		case c >= '0' && c <= '9', c >= 'a' && c <= 'f', c >= 'A' && c <= 'F':
		default:
			return false
		}
	}
	return dots == 3 || colons >= 2
}

// esc writes s with XML escaping. Carriage returns and tabs are escaped too,
// so the decoder's end-of-line normalisation cannot change a text.
func esc(w *bufio.Writer, s string) {
	last := 0
	for i := 0; i < len(s); i++ {
		var r string
		switch s[i] {
		case '<':
			r = "&lt;"
		case '>':
			r = "&gt;"
		case '&':
			r = "&amp;"
		case '"':
			r = "&quot;"
		case '\r':
			r = "&#13;"
		default:
			continue
		}
		w.WriteString(s[last:i])
		w.WriteString(r)
		last = i + 1
	}
	w.WriteString(s[last:])
}
