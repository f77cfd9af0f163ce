package parser

import (
	"iter"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/wikirules/wikirules/model"
)

// urlProtocols are MediaWiki's default $wgUrlProtocols.
var urlProtocols = []string{
	"bitcoin:", "ftp://", "ftps://", "geo:", "git://", "gopher://", "http://", "https://", "irc://", "ircs://",
	"magnet:", "mailto:", "matrix:", "mms://", "news:", "nntp://", "redis://", "sftp://", "sip:", "sips:",
	"sms:", "ssh://", "svn://", "tel:", "telnet://", "urn:", "worldwind://", "xmpp:", "//",
}

// protocolFirst marks the bytes a protocol can start with, so that most
// positions are rejected by one table lookup.
var protocolFirst = func() (t [256]bool) {
	for _, p := range urlProtocols {
		t[p[0]] = true
		t[p[0]&^0x20] = true // upper case
	}
	return
}()

// protocolAt returns the length of the URL protocol at s[i:] (case
// insensitive), or 0. Protocol-relative "//" counts only when relative is
// set.
func protocolAt(s string, i int, relative bool) int {
	if i >= len(s) || !protocolFirst[s[i]] {
		return 0
	}
	for _, p := range urlProtocols {
		if p == "//" && !relative {
			continue
		}
		if len(s)-i >= len(p) && (s[i]|0x20) == p[0] && strings.EqualFold(s[i:i+len(p)], p) {
			return len(p)
		}
	}
	return 0
}

func hasURLProtocol(s string) bool { return protocolAt(s, 0, true) > 0 }

// urlBytes marks the ASCII bytes that may appear in a URL
// (EXT_LINK_URL_CLASS: not []<>" controls or space).
var urlBytes = func() (t [256]bool) {
	for c := 0x21; c < 0x7f; c++ {
		t[c] = true
	}
	for _, c := range []byte("[]<>\"") {
		t[c] = false
	}
	for c := 0x80; c <= 0xff; c++ {
		t[c] = true
	}
	return
}()

// urlCharAt reports whether the character at s[i] is a URL character and
// returns its length.
func urlCharAt(s string, i int) (int, bool) {
	c := s[i]
	if c < 0x80 {
		return 1, urlBytes[c]
	}
	r, n := utf8.DecodeRuneInString(s[i:])
	if r == utf8.RuneError || r == '\uFFFD' || unicode.Is(unicode.Zs, r) {
		return n, false
	}
	return n, true
}

// externalLinks converts [url label] to links, as handleExternalLinks.
func (ps *parseState) externalLinks(in *text) *text {
	s := in.s
	if strings.IndexByte(s, '[') < 0 {
		return in
	}
	// The label scans' caches are for this text: an image's caption is
	// another, read by a pass of its own (and perhaps in the middle of
	// this one).
	saved := [2][2]int{ps.extClose, ps.extBad}
	ps.extClose, ps.extBad = [2]int{}, [2]int{}
	defer func() { ps.extClose, ps.extBad = saved[0], saved[1] }()
	b := ps.passBuilder(in, len(s)/8)
	last := 0
	for i := 0; i < len(s); {
		k := strings.IndexByte(s[i:], '[')
		if k < 0 {
			break
		}
		i += k
		m, ok := ps.matchBracketLink(s, i)
		if !ok {
			i++
			continue
		}
		b.copy(in, last, i)
		url := s[m.urlFrom:m.urlTo]
		labelFrom := m.labelFrom
		var prefixLabel string
		if j := indexLtGt(url); j >= 0 {
			// "&lt;" cannot be part of a URL: it starts the label.
			prefixLabel = url[j:] + " "
			url = url[:j]
		}
		info := &model.LinkInfo{URL: strings.Clone(cleanURL(url))}
		li := len(ps.links)
		ps.links = append(ps.links, info)
		b.genAt(`<a @ext="`+strconv.Itoa(li)+`">`, in, i, m.labelFrom)
		if prefixLabel == "" && m.labelTo == labelFrom {
			ps.autonumber++
			info.Autonumber = true
			b.genAt("["+strconv.Itoa(ps.autonumber)+"]", in, i, m.end)
		} else {
			if prefixLabel != "" {
				b.genAt(prefixLabel, in, m.urlFrom, m.urlTo)
			}
			b.copy(in, labelFrom, m.labelTo)
		}
		b.genAt("</a>", in, m.labelTo, m.end)
		last = m.end
		i = m.end
	}
	b.copy(in, last, len(s))
	return b.text()
}

func indexLtGt(s string) int {
	a := strings.Index(s, "&lt;")
	z := strings.Index(s, "&gt;")
	switch {
	case a < 0:
		return z
	case z < 0:
		return a
	}
	return min(a, z)
}

type bracketMatch struct {
	urlFrom, urlTo     int
	labelFrom, labelTo int
	end                int // after ']'
}

// matchBracketLink matches
// \[((?i)PROTOCOL)URLCHAR+\p{Zs}*([^\]\x00-\x08\x0a-\x1F\x{FFFD}]*?)\] at s[i].
func (ps *parseState) matchBracketLink(s string, i int) (bracketMatch, bool) {
	var m bracketMatch
	p := protocolAt(s, i+1, true)
	if p == 0 {
		return m, false
	}
	m.urlFrom = i + 1
	j := i + 1 + p
	start := j
	for j < len(s) {
		n, ok := urlCharAt(s, j)
		if !ok {
			break
		}
		j += n
	}
	if j == start {
		return m, false
	}
	m.urlTo = j
	// Spaces between URL and label.
	for j < len(s) {
		r, n := utf8.DecodeRuneInString(s[j:])
		if !unicode.Is(unicode.Zs, r) {
			break
		}
		j += n
	}
	m.labelFrom = j
	// The label runs to the first ']' unless a control character or U+FFFD
	// comes first. The positions of those are cached across calls, so a
	// page full of "[http://x " stays linear.
	c := ps.nextByte(s, j, &ps.extClose, func(s string) int { return strings.IndexByte(s, ']') })
	bad := ps.nextByte(s, j, &ps.extBad, indexLabelStop)
	if c < 0 || (bad >= 0 && bad < c) {
		return m, false
	}
	m.labelTo = c
	m.end = c + 1
	return m, true
}

// nextByte returns the first position >= from found by find, caching the
// answer in *cache so that repeated calls with growing from are linear.
func (ps *parseState) nextByte(s string, from int, cache *[2]int, find func(string) int) int {
	// cache[0] is the position searched from, cache[1] the answer (-1:
	// none after cache[0]).
	if cache[0] > 0 && from >= cache[0]-1 && (cache[1] < 0 || cache[1] >= from) {
		return cache[1]
	}
	k := find(s[from:])
	if k >= 0 {
		k += from
	}
	cache[0], cache[1] = from+1, k
	return k
}

// indexLabelStop finds a character that may not be in a link label:
// \x00-\x08, \x0a-\x1f, or U+FFFD.
func indexLabelStop(s string) int {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c <= 0x08 || (c >= 0x0a && c <= 0x1f) {
			return i
		}
		if c == 0xef && strings.HasPrefix(s[i:], "\uFFFD") {
			return i
		}
	}
	return -1
}

// ignoredHostRune reports the runes stripped from host names (RFC 8264
// ignorable characters), so "e&zwnj;xample.com" links to example.com.
func ignoredHostRune(r rune) bool {
	switch {
	case r == 0xAD, r == 0x34F, r == 0x61C, r == 0x115F, r == 0x1160, r == 0x17B4, r == 0x17B5,
		r >= 0x180B && r <= 0x180F, r >= 0x200B && r <= 0x200F, r >= 0x202A && r <= 0x202E,
		r >= 0x2060 && r <= 0x206F, r == 0x3164, r >= 0xFE00 && r <= 0xFE0F, r == 0xFEFF, r == 0xFFA0,
		r >= 0xFFF0 && r <= 0xFFF8, r >= 0x1BCA0 && r <= 0x1BCA3, r >= 0x1D173 && r <= 0x1D17A,
		r >= 0xE0000 && r <= 0xE0FFF:
		return true
	}
	return unicode.IsSpace(r)
}

// cleanURL is MediaWiki's Sanitizer::cleanUrl: character references are
// decoded, unsafe characters percent-encoded, and ignorable characters
// removed from the host.
func cleanURL(u string) string {
	u = decodeCharRefs(u)
	var b strings.Builder
	for i := 0; i < len(u); i++ {
		c := u[i]
		if c <= 0x20 || c == 0x7f || strings.IndexByte(`[]<>"|`, c) >= 0 {
			if c == ' ' {
				b.WriteByte('+')
			} else {
				b.WriteString("%" + strings.ToUpper(strconv.FormatInt(int64(c)|0x100, 16)[1:]))
			}
			continue
		}
		b.WriteByte(c)
	}
	u = b.String()
	// ^([^:]+:)(//[^/]+)?(.*)$
	colon := strings.IndexByte(u, ':')
	if colon <= 0 {
		return u
	}
	proto, rest := u[:colon+1], u[colon+1:]
	if strings.HasPrefix(rest, "//") {
		end := strings.IndexByte(rest[2:], '/')
		host := rest
		tail := ""
		if end >= 0 {
			host, tail = rest[:2+end], rest[2+end:]
		}
		host = strings.Map(func(r rune) rune {
			if ignoredHostRune(r) {
				return -1
			}
			return r
		}, host)
		if strings.HasPrefix(host, "//%5B") {
			if k := strings.Index(host, "%5D"); k > 0 {
				host = "//[" + host[5:k] + "]" + host[k+3:]
			}
		}
		return proto + host + tail
	}
	return u
}

// magicLinks links bare URLs in text (not inside tags or existing links),
// as handleMagicLinks does for free external links. Every protocol has a
// ':', so the scan jumps from colon to colon and looks back for a protocol
// name; a second cursor skips what is inside tags and <a> elements.
func (ps *parseState) magicLinks(in *text) *text {
	s := in.s
	if !strings.Contains(s, ":") {
		return in
	}
	var b *builder
	last := 0
	skipTo := 0 // everything before skipTo has been checked for tags
	var line lineSearch
	inTag := func(i int) (bool, int) {
		// Advance over the tags that start before i; report whether i is
		// inside one (and where it ends).
		for skipTo <= i {
			k := strings.IndexByte(s[skipTo:i+1], '<')
			if k < 0 {
				skipTo = i + 1
				return false, 0
			}
			k += skipTo
			end := -1
			if k+2 < len(s) && (s[k+1] == 'a' || s[k+1] == 'A') && (s[k+2] == ' ' || s[k+2] == '\t' || s[k+2] == '\r' || s[k+2] == '\n' || s[k+2] == '>') {
				if e := line.index(s, k, "</a>"); e >= 0 {
					end = e + 4
				}
			}
			if end < 0 {
				if e := line.index(s, k+1, ">"); e >= 0 {
					end = e + 1
				}
			}
			if end < 0 {
				skipTo = k + 1
				continue
			}
			skipTo = end
			if i < end {
				return true, end
			}
		}
		return false, 0
	}
	c := 0 // where the search goes on: past what a link took
	for colon := range colonsIn(s) {
		if colon < c {
			continue
		}
		c = colon + 1
		i, p := protocolBefore(s, colon, false)
		if i < 0 || i < last || (i > 0 && isWordBefore(s, i)) {
			continue
		}
		if inside, end := inTag(i); inside {
			c = max(c, end)
			continue
		}
		// Address: an IPv6 literal in brackets, or URL characters.
		j := i + p
		if j < len(s) && s[j] == '[' {
			k := j + 1
			for k < len(s) && (isHexDigit(s[k]) || s[k] == ':' || s[k] == '.') {
				k++
			}
			if k < len(s) && s[k] == ']' && k > j+1 {
				j = k + 1
			}
		}
		for j < len(s) {
			n, ok := urlCharAt(s, j)
			if !ok {
				break
			}
			j += n
		}
		if j == i+p {
			continue
		}
		url, _ := splitFreeURL(s[i:j], p)
		if url == "" {
			c = max(c, j)
			continue
		}
		if b == nil {
			b = ps.passBuilder(in, len(s)/8)
		}
		b.copy(in, last, i)
		clean := cleanURL(url)
		info := &model.LinkInfo{URL: strings.Clone(clean), Free: true}
		li := len(ps.links)
		ps.links = append(ps.links, info)
		ue := i + len(url)
		b.genAt(`<a @ext="`+strconv.Itoa(li)+`">`, in, i, ue)
		if clean == url {
			b.copy(in, i, ue)
		} else {
			b.genAt(htmlEscape(clean), in, i, ue)
		}
		b.genAt("</a>", in, i, ue)
		last = ue
		// What the URL's trimming left out (from an &nbsp; or &lt; on,
		// or trailing punctuation) was part of MediaWiki's match: it is
		// not searched for another link.
		c = max(c, j)
	}
	if b == nil {
		return in
	}
	b.copy(in, last, len(s))
	return b.text()
}

// colonsIn yields the position of each colon of s: where a URL's
// protocol name ends.
func colonsIn(s string) iter.Seq[int] {
	return func(yield func(int) bool) {
		for c := 0; ; {
			k := strings.IndexByte(s[c:], ':')
			if k < 0 || !yield(c+k) {
				return
			}
			c += k + 1
		}
	}
}

// protocolBefore finds the URL protocol whose name ends at the colon
// s[colon] ("http" of "http://"): its start and length, or -1.
func protocolBefore(s string, colon int, relative bool) (int, int) {
	start := colon
	for start > 0 && colon-start < 10 && (s[start-1]|0x20) >= 'a' && (s[start-1]|0x20) <= 'z' {
		start--
	}
	for j := start; j < colon; j++ {
		if n := protocolAt(s, j, relative); n > 0 && j+n > colon {
			return j, n
		}
	}
	return -1, 0
}

// lineSearch finds strings on the line of a position, for searches whose
// positions never decrease: it remembers where the line ends and which
// needles it does not hold after a position, so that a long line is not
// scanned again for every tag on it.
type lineSearch struct {
	start, end int // the line searched last: [start, end)
	missed     []lineMiss
}

// lineMiss records that needle does not occur on the line after from.
type lineMiss struct {
	needle string
	from   int
}

// index returns the index of needle in s at or after from and before the
// end of from's line, or -1.
func (l *lineSearch) index(s string, from int, needle string) int {
	if from < l.start || from >= l.end {
		l.start, l.end = from, len(s)
		if nl := strings.IndexByte(s[from:], '\n'); nl >= 0 {
			l.end = from + nl
		}
		l.missed = l.missed[:0]
	}
	for _, m := range l.missed {
		if m.needle == needle && from >= m.from {
			return -1
		}
	}
	k := strings.Index(s[from:l.end], needle)
	if k < 0 {
		l.missed = append(l.missed, lineMiss{needle, from})
		return -1
	}
	return from + k
}

// isWordBefore reports whether the character before s[i] is a word
// character (so there is no \b before s[i]).
func isWordBefore(s string, i int) bool {
	r, _ := utf8.DecodeLastRuneInString(s[:i])
	return r == '_' || unicode.IsLetter(r) || unicode.IsDigit(r) || unicode.Is(unicode.Mn, r)
}

// splitFreeURL applies makeFreeExternalLink's trimming: entities for < > and
// no-break space end the URL, and trailing punctuation is not part of it.
// It returns "" when nothing but the protocol would be left.
func splitFreeURL(u string, protoLen int) (string, string) {
	trail := ""
	for k := 0; k < len(u); k++ {
		if u[k] == '&' {
			if n := uglyEntityLen(u[k:]); n > 0 {
				trail = u[k:]
				u = u[:k]
				break
			}
		}
	}
	// MediaWiki's separator list is the PHP string ',;\.:!?', which holds
	// a backslash too.
	sep := ",;.:!?\\"
	if !strings.Contains(u, "(") {
		sep += ")"
	}
	n := 0
	for n < len(u) && strings.IndexByte(sep, u[len(u)-1-n]) >= 0 {
		n++
	}
	if n > 0 && u[len(u)-n] == ';' {
		// Keep a trailing entity's ';'.
		if endsWithEntity(u[:len(u)-n+1]) {
			n--
		}
	}
	if n > 0 {
		trail = u[len(u)-n:] + trail
		u = u[:len(u)-n]
	}
	if len(u)-protoLen <= 0 {
		return "", u + trail
	}
	return u, trail
}

// uglyEntityLen matches &(lt|gt|nbsp|#x0*(3[CcEe]|[Aa]0)|#0*(60|62|160)); .
func uglyEntityLen(s string) int {
	for _, e := range []string{"&lt;", "&gt;", "&nbsp;"} {
		if strings.HasPrefix(s, e) {
			return len(e)
		}
	}
	if strings.HasPrefix(s, "&#") {
		i := 2
		hex := false
		if i < len(s) && (s[i] == 'x' || s[i] == 'X') {
			hex = true
			i++
		}
		for i < len(s) && s[i] == '0' {
			i++
		}
		j := i
		for j < len(s) && (s[j] >= '0' && s[j] <= '9' || hex && isHexDigit(s[j])) {
			j++
		}
		if j < len(s) && s[j] == ';' {
			v := strings.ToLower(s[i:j])
			if hex && (v == "3c" || v == "3e" || v == "a0") || !hex && (v == "60" || v == "62" || v == "160") {
				return j + 1
			}
		}
	}
	return 0
}

// endsWithEntity matches /&([a-z]+|#x[\da-f]+|#\d+);$/i.
func endsWithEntity(s string) bool {
	if !strings.HasSuffix(s, ";") {
		return false
	}
	amp := strings.LastIndexByte(s, '&')
	if amp < 0 {
		return false
	}
	body := strings.ToLower(s[amp+1 : len(s)-1])
	if body == "" {
		return false
	}
	switch {
	case strings.HasPrefix(body, "#x"):
		for _, c := range []byte(body[2:]) {
			if !isHexDigit(c) {
				return false
			}
		}
		return len(body) > 2
	case strings.HasPrefix(body, "#"):
		for _, c := range []byte(body[1:]) {
			if c < '0' || c > '9' {
				return false
			}
		}
		return len(body) > 1
	}
	for _, c := range []byte(body) {
		if c < 'a' || c > 'z' {
			return false
		}
	}
	return true
}
