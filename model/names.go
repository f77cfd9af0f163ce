package model

import (
	"crypto/sha256"
	"encoding/hex"
	"strings"
	"unicode/utf8"
)

// MaxNameBytes is the longest file or directory name wikirules writes for
// a title (MediaWiki accepts titles of up to 255 bytes, and %-escaping can
// triple them). It leaves room below the usual 255-byte limit of file
// systems for an extension and for the prefix and suffix of a temporary
// name (".NAME.tmp-PID-RANDOM").
const MaxNameBytes = 180

// ShortName returns name when it has at most limit bytes; otherwise a prefix
// of it cut at a character boundary (and never inside the %XX escape that
// escape), followed by sep and 16 hex digits of
// the SHA-256 of key. The result has at most limit bytes, is the same on
// every run, and differs for different keys: two long names that share
// their first limit bytes stay apart.
func ShortName(name string, limit int, sep, key string) string {
	if len(name) <= limit {
		return name
	}
	sum := sha256.Sum256([]byte(key))
	suffix := sep + hex.EncodeToString(sum[:8])
	cut := limit - len(suffix)
	if cut < 0 {
		cut = 0
	}
	for cut > 0 && !utf8.RuneStart(name[cut]) {
		cut--
	}
	// Do not split a %XX escape: "%4" or "%" at the end would read back
	// as something else.
	if i := strings.LastIndexByte(name[max(0, cut-2):cut], '%'); i >= 0 {
		cut = max(0, cut-2) + i
	}
	return name[:cut] + suffix
}

// EscapeControls makes s safe to print on a terminal: control characters
// (C0 but tab and newline, DEL, and the C1 range, which terminals read as
// the start of escape sequences: ESC [, OSC, …) are written as Go escapes
// (\x1b, \r, \u009b), so text from a wiki cannot move the cursor, clear the
// screen, retitle the window or write to the clipboard. Invalid UTF-8 is
// kept as it is. s is returned unchanged (no allocation) when it has
// nothing to escape.
func EscapeControls(s string) string {
	i := 0
	for i < len(s) {
		c := s[i]
		if c < 0x20 && c != '\t' && c != '\n' || c == 0x7f {
			break
		}
		if c == 0xc2 && i+1 < len(s) && s[i+1] >= 0x80 && s[i+1] <= 0x9f {
			break
		}
		i++
	}
	if i == len(s) {
		return s
	}
	var b strings.Builder
	b.Grow(len(s) + 8)
	b.WriteString(s[:i])
	const hexd = "0123456789abcdef"
	for ; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '\r':
			b.WriteString(`\r`)
		case c < 0x20 && c != '\t' && c != '\n' || c == 0x7f:
			b.WriteString(`\x`)
			b.WriteByte(hexd[c>>4])
			b.WriteByte(hexd[c&15])
		case c == 0xc2 && i+1 < len(s) && s[i+1] >= 0x80 && s[i+1] <= 0x9f:
			b.WriteString(`\u00`)
			b.WriteByte(hexd[s[i+1]>>4])
			b.WriteByte(hexd[s[i+1]&15])
			i++
		default:
			b.WriteByte(c)
		}
	}
	return b.String()
}
