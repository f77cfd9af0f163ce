package parser

import (
	"strconv"
	"strings"

	"github.com/wikirules/wikirules/model"
)

// galleryWikitext turns a <gallery> into wikitext that the later passes
// parse like the rest of the page, in the structure of MediaWiki's
// traditional gallery (TraditionalImageGallery, as MediaWiki writes it
// with the media markup of its images: $wgParserEnableLegacyMediaDOM
// off, no box inside the box): a list of boxes, each an
// image of the gallery's size (widths=, heights=; 120px by default) and
// its caption below; caption= of the gallery heads the list. A line is
// "File:Name.png|caption|alt=…|link=…" (the namespace may be left out).
func galleryWikitext(names *model.Namespaces, inner, attrs string) string {
	width, height := 120, 120
	caption := ""
	for _, a := range parseAttrs(attrs) {
		switch a.name {
		case "widths":
			if v := galleryPx(a.value); v > 0 {
				width = v
			}
		case "heights":
			if v := galleryPx(a.value); v > 0 {
				height = v
			}
		case "caption":
			caption = a.value
		}
	}
	// The lines and tabs are MediaWiki's: its paragraph pass reads the
	// gallery's HTML line by line (a caption is a paragraph; a gallery
	// that starts in a list item ends the item at its first line).
	var sb strings.Builder
	sb.WriteString(`<ul class="gallery mw-gallery-traditional">`)
	if caption != "" {
		sb.WriteString("\n\t<li class='gallerycaption'>" + caption + `</li>`)
	}
	box := strconv.Itoa(width + 35)
	for _, line := range strings.Split(inner, "\n") {
		line = strings.TrimSpace(line)
		if line == "" {
			continue
		}
		parts := strings.Split(line, "|")
		file := strings.TrimSpace(parts[0])
		if ns, _ := names.Split(file); ns != model.NSFile {
			file = names.Name(model.NSFile) + ":" + file
		}
		opts := []string{strconv.Itoa(width) + "x" + strconv.Itoa(height) + "px"}
		text := ""
		for _, p := range parts[1:] {
			lp := strings.ToLower(strings.TrimSpace(p))
			switch {
			case strings.HasPrefix(lp, "alt="), strings.HasPrefix(lp, "link="), strings.HasPrefix(lp, "page="), strings.HasPrefix(lp, "lang="):
				opts = append(opts, strings.TrimSpace(p))
			default:
				text = p
			}
		}
		sb.WriteString("\n\t\t" + `<li class="gallerybox" style="width: ` + box + `px">`)
		sb.WriteString("\n\t\t\t" + `<div class="thumb" style="height: ` + strconv.Itoa(height+30) + `px;">[[` + file + "|" + strings.Join(opts, "|") + `]]</div>`)
		sb.WriteString("\n\t\t\t" + `<div class="gallerytext">` + "\n" + strings.TrimSpace(text) + "\n\t\t\t</div>\n\t\t</li>")
	}
	sb.WriteString("\n</ul>")
	return sb.String()
}

// galleryPx reads a gallery size ("200px", "200").
func galleryPx(s string) int {
	s = strings.TrimSuffix(strings.TrimSpace(strings.ToLower(s)), "px")
	if !isAllDigits(s) {
		return 0
	}
	return min(atoiMax(s), 10000)
}
