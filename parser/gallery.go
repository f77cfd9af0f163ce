package parser

import (
	"strconv"
	"strings"

	"github.com/wikirules/wikirules/model"
)

// galleryWikitext turns a <gallery> into wikitext that the later passes
// parse like the rest of the page, in the structure of MediaWiki's
// traditional gallery (Parser::renderImageGallery and
// TraditionalImageGallery, as MediaWiki writes it with the media markup of
// its images: $wgParserEnableLegacyMediaDOM off, no box inside the box): a
// list of boxes, each an image of the gallery's size (widths=, heights=;
// 120px by default) and its caption below; caption= of the gallery heads
// the list; mode=nolines drops the padding around the images; perrow=
// bounds the list's width; showfilename shows each file's name; class,
// style, id… are the list's. A line is "File:Name.png|option|…|caption"
// (the namespace may be left out): alt= and link= are options, and for a
// file that can have pages (PDF, DjVu, TIFF) or languages (SVG) page= and
// lang=; any other part is the caption, the last one winning.
func galleryWikitext(names *model.Namespaces, inner, attrs string) string {
	width, height, perRow := 120, 120, 0
	mode := "traditional"
	caption, hasCaption, showFilename := "", false, false
	class, extra := "", ""
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
		case "perrow":
			if v := strings.TrimSpace(a.value); isAllDigits(v) {
				perRow = atoiMax(v)
			}
		case "caption":
			caption, hasCaption = a.value, true
		case "mode":
			switch m := strings.ToLower(strings.TrimSpace(a.value)); m {
			case "traditional", "nolines", "packed", "packed-hover", "packed-overlay":
				mode = m
			}
		case "showfilename":
			showFilename = true
		case "class":
			class = a.value
		default:
			// The list's attributes, which the sanitizer then checks
			// as any <ul>'s.
			extra += " " + a.name + `="` + htmlAttrEscape(a.value) + `"`
		}
	}
	// TraditionalImageGallery's padding: around the image, in the box and
	// its border; none around the image without lines.
	thumbPad, gbPad, gbBorder := 30, 5, 8
	if mode == "nolines" {
		thumbPad, gbBorder = 0, 4
	}
	style := ""
	if perRow > 0 {
		style = "max-width: " + strconv.Itoa(perRow*(width+thumbPad+gbPad+gbBorder)) + "px;"
	}
	// The lines and tabs are MediaWiki's: its paragraph pass reads the
	// gallery's HTML line by line (a caption is a paragraph; a gallery
	// that starts in a list item ends the item at its first line).
	var sb strings.Builder
	sb.WriteString(`<ul class="gallery mw-gallery-` + mode)
	if c := strings.TrimSpace(class); c != "" {
		sb.WriteString(" " + htmlAttrEscape(c))
	}
	sb.WriteString(`"`)
	if style != "" {
		sb.WriteString(` style="` + style + `"`)
	}
	sb.WriteString(extra + `>`)
	if hasCaption && caption != "" {
		sb.WriteString("\n\t<li class='gallerycaption'>" + caption + `</li>`)
	}
	box := strconv.Itoa(width + thumbPad + gbPad)
	for _, line := range strings.Split(inner, "\n") {
		// ^([^|]+)(\|(.*))?$: a line that is empty or starts with a pipe
		// is no image.
		file, params, _ := strings.Cut(line, "|")
		if file == "" {
			continue
		}
		if strings.Contains(line, "%") {
			file = rawURLDecode(file)
		}
		file = strings.TrimSpace(strings.ReplaceAll(file, "_", " "))
		if file == "" {
			continue
		}
		if ns, _ := names.Split(file); ns != model.NSFile {
			file = names.Name(model.NSFile) + ":" + file
		}
		opts := []string{strconv.Itoa(width) + "x" + strconv.Itoa(height) + "px"}
		text := ""
		for _, p := range splitGalleryParams(strings.TrimSpace(params)) {
			switch {
			case strings.HasPrefix(p, "alt="):
				opts = append(opts, p)
			case strings.HasPrefix(p, "link="):
				// A URL took the pipes after it: they stay in it.
				opts = append(opts, strings.ReplaceAll(p, "|", "%7C"))
			case (strings.HasPrefix(p, "page=") && pagedFile(file)) || (strings.HasPrefix(p, "lang=") && langFile(file)):
				opts = append(opts, p)
			default:
				text = p
			}
		}
		if showFilename {
			_, name := names.Split(names.Normalize(file))
			text = "[[:" + file + "|" + name + "]]\n" + text
		}
		sb.WriteString("\n\t\t" + `<li class="gallerybox" style="width: ` + box + `px">`)
		sb.WriteString("\n\t\t\t" + `<div class="thumb" style="height: ` + strconv.Itoa(height+thumbPad) + `px;">[[` + file + "|" + strings.Join(opts, "|") + `]]</div>`)
		sb.WriteString("\n\t\t\t" + `<div class="gallerytext">` + "\n" + text + "\n\t\t\t</div>\n\t\t</li>")
	}
	sb.WriteString("\n</ul>")
	return sb.String()
}

// splitGalleryParams cuts a gallery line's options at the pipes that are
// not inside a link, a template call or a bare URL (which takes pipes):
// MediaWiki cuts them once parsed, when those are HTML.
func splitGalleryParams(s string) []string {
	if s == "" {
		return nil
	}
	var out []string
	depth, start := 0, 0
	for i := 0; i < len(s); i++ {
		if depth == 0 && (i == 0 || !isWordBefore(s, i)) {
			if p := protocolAt(s, i, false); p > 0 {
				j := i + p
				for j < len(s) {
					n, ok := urlCharAt(s, j)
					if !ok {
						break
					}
					j += n
				}
				if j > i+p {
					i = j - 1
					continue
				}
			}
		}
		switch {
		case strings.HasPrefix(s[i:], "[[") || strings.HasPrefix(s[i:], "{{"):
			depth++
			i++
		case (strings.HasPrefix(s[i:], "]]") || strings.HasPrefix(s[i:], "}}")) && depth > 0:
			depth--
			i++
		case s[i] == '|' && depth == 0:
			out = append(out, s[start:i])
			start = i + 1
		}
	}
	return append(out, s[start:])
}

// rawURLDecode is PHP's rawurldecode: %XX sequences decoded, anything
// else as it is.
func rawURLDecode(s string) string {
	if !strings.Contains(s, "%") {
		return s
	}
	b := make([]byte, 0, len(s))
	for i := 0; i < len(s); i++ {
		if s[i] == '%' && i+2 < len(s) && isHexDigit(s[i+1]) && isHexDigit(s[i+2]) {
			v, _ := strconv.ParseUint(s[i+1:i+3], 16, 8)
			b = append(b, byte(v))
			i += 2
			continue
		}
		b = append(b, s[i])
	}
	return string(b)
}

// galleryPx reads a gallery size as Parser::parseWidthParam does ("200px",
// "200 px", "200").
func galleryPx(s string) int {
	s = strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(strings.ToLower(s)), "px"))
	if !isAllDigits(s) {
		return 0
	}
	return min(atoiMax(s), 10000)
}
