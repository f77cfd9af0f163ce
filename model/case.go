package model

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// MediaWiki changes the case of titles and of {{uc:}}, {{lc:}},
// {{ucfirst:}} with PHP's mb_strtoupper and mb_strtolower, which apply
// Unicode's full case mappings: "ß" is "SS" in capitals, "ŉ" is "ʼN",
// "İ" is "i̇" in small letters. Go's unicode.ToUpper and ToLower map a
// letter to one letter, and leave those as they are: a page "SSa" was
// not found by [[ßa]]. Every other letter is mapped alike by both
// (TestCaseAsPHP compares them all with PHP's when it is installed).

// upperMulti holds the letters whose capitals are several letters
// (SpecialCasing.txt's unconditional mappings, as PHP 8 applies them).
var upperMulti = map[rune]string{
	0x00DF: "SS",
	0x0149: "\u02BCN",
	0x01F0: "J\u030C",
	0x0390: "\u0399\u0308\u0301",
	0x03B0: "\u03A5\u0308\u0301",
	0x0587: "\u0535\u0552",
	0x1E96: "H\u0331",
	0x1E97: "T\u0308",
	0x1E98: "W\u030A",
	0x1E99: "Y\u030A",
	0x1E9A: "A\u02BE",
	0x1F50: "\u03A5\u0313",
	0x1F52: "\u03A5\u0313\u0300",
	0x1F54: "\u03A5\u0313\u0301",
	0x1F56: "\u03A5\u0313\u0342",
	0x1F80: "\u1F08\u0399",
	0x1F81: "\u1F09\u0399",
	0x1F82: "\u1F0A\u0399",
	0x1F83: "\u1F0B\u0399",
	0x1F84: "\u1F0C\u0399",
	0x1F85: "\u1F0D\u0399",
	0x1F86: "\u1F0E\u0399",
	0x1F87: "\u1F0F\u0399",
	0x1F88: "\u1F08\u0399",
	0x1F89: "\u1F09\u0399",
	0x1F8A: "\u1F0A\u0399",
	0x1F8B: "\u1F0B\u0399",
	0x1F8C: "\u1F0C\u0399",
	0x1F8D: "\u1F0D\u0399",
	0x1F8E: "\u1F0E\u0399",
	0x1F8F: "\u1F0F\u0399",
	0x1F90: "\u1F28\u0399",
	0x1F91: "\u1F29\u0399",
	0x1F92: "\u1F2A\u0399",
	0x1F93: "\u1F2B\u0399",
	0x1F94: "\u1F2C\u0399",
	0x1F95: "\u1F2D\u0399",
	0x1F96: "\u1F2E\u0399",
	0x1F97: "\u1F2F\u0399",
	0x1F98: "\u1F28\u0399",
	0x1F99: "\u1F29\u0399",
	0x1F9A: "\u1F2A\u0399",
	0x1F9B: "\u1F2B\u0399",
	0x1F9C: "\u1F2C\u0399",
	0x1F9D: "\u1F2D\u0399",
	0x1F9E: "\u1F2E\u0399",
	0x1F9F: "\u1F2F\u0399",
	0x1FA0: "\u1F68\u0399",
	0x1FA1: "\u1F69\u0399",
	0x1FA2: "\u1F6A\u0399",
	0x1FA3: "\u1F6B\u0399",
	0x1FA4: "\u1F6C\u0399",
	0x1FA5: "\u1F6D\u0399",
	0x1FA6: "\u1F6E\u0399",
	0x1FA7: "\u1F6F\u0399",
	0x1FA8: "\u1F68\u0399",
	0x1FA9: "\u1F69\u0399",
	0x1FAA: "\u1F6A\u0399",
	0x1FAB: "\u1F6B\u0399",
	0x1FAC: "\u1F6C\u0399",
	0x1FAD: "\u1F6D\u0399",
	0x1FAE: "\u1F6E\u0399",
	0x1FAF: "\u1F6F\u0399",
	0x1FB2: "\u1FBA\u0399",
	0x1FB3: "\u0391\u0399",
	0x1FB4: "\u0386\u0399",
	0x1FB6: "\u0391\u0342",
	0x1FB7: "\u0391\u0342\u0399",
	0x1FBC: "\u0391\u0399",
	0x1FC2: "\u1FCA\u0399",
	0x1FC3: "\u0397\u0399",
	0x1FC4: "\u0389\u0399",
	0x1FC6: "\u0397\u0342",
	0x1FC7: "\u0397\u0342\u0399",
	0x1FCC: "\u0397\u0399",
	0x1FD2: "\u0399\u0308\u0300",
	0x1FD3: "\u0399\u0308\u0301",
	0x1FD6: "\u0399\u0342",
	0x1FD7: "\u0399\u0308\u0342",
	0x1FE2: "\u03A5\u0308\u0300",
	0x1FE3: "\u03A5\u0308\u0301",
	0x1FE4: "\u03A1\u0313",
	0x1FE6: "\u03A5\u0342",
	0x1FE7: "\u03A5\u0308\u0342",
	0x1FF2: "\u1FFA\u0399",
	0x1FF3: "\u03A9\u0399",
	0x1FF4: "\u038F\u0399",
	0x1FF6: "\u03A9\u0342",
	0x1FF7: "\u03A9\u0342\u0399",
	0x1FFC: "\u03A9\u0399",
	0xFB00: "FF",
	0xFB01: "FI",
	0xFB02: "FL",
	0xFB03: "FFI",
	0xFB04: "FFL",
	0xFB05: "ST",
	0xFB06: "ST",
	0xFB13: "\u0544\u0546",
	0xFB14: "\u0544\u0535",
	0xFB15: "\u0544\u053B",
	0xFB16: "\u054E\u0546",
	0xFB17: "\u0544\u053D",
}

// lowerMulti holds the letters whose small forms are several letters.
var lowerMulti = map[rune]string{
	0x0130: "i\u0307",
}

// Upper returns s in capitals as MediaWiki writes them ({{uc:}}).
func Upper(s string) string { return mapCase(s, upperMulti, unicode.ToUpper, strings.ToUpper) }

// Lower returns s in small letters as MediaWiki writes them ({{lc:}}).
func Lower(s string) string { return mapCase(s, lowerMulti, unicode.ToLower, strings.ToLower) }

// LowerASCII is PHP's strtolower (PHP 8): ASCII letters in small letters,
// every other byte as it is. MediaWiki compares heading ids and legacy
// anchors so ("Élan" and "élan" are two ids). s itself is returned when it
// has no capital.
func LowerASCII(s string) string {
	for i := 0; i < len(s); i++ {
		if 'A' <= s[i] && s[i] <= 'Z' {
			b := []byte(s)
			for j := i; j < len(b); j++ {
				if 'A' <= b[j] && b[j] <= 'Z' {
					b[j] += 'a' - 'A'
				}
			}
			return string(b)
		}
	}
	return s
}

// UcFirst returns s with its first letter in capitals, as MediaWiki
// writes a title's first letter and {{ucfirst:}}.
func UcFirst(s string) string {
	r, n := utf8.DecodeRuneInString(s)
	if r == utf8.RuneError {
		return s
	}
	if r < utf8.RuneSelf {
		if 'a' <= r && r <= 'z' {
			return string(r-'a'+'A') + s[n:]
		}
		return s
	}
	if m, ok := upperMulti[r]; ok {
		return m + s[n:]
	}
	u := unicode.ToUpper(r)
	if u == r {
		return s
	}
	return string(u) + s[n:]
}

func mapCase(s string, multi map[rune]string, one func(rune) rune, simple func(string) string) string {
	special := false
	for i := 0; i < len(s) && !special; i++ {
		special = s[i] >= utf8.RuneSelf
	}
	if !special {
		return simple(s) // ASCII: no letter of the tables
	}
	special = false
	for _, r := range s {
		if _, ok := multi[r]; ok {
			special = true
			break
		}
	}
	if !special {
		return simple(s)
	}
	var b strings.Builder
	b.Grow(len(s) + 8)
	for _, r := range s {
		if m, ok := multi[r]; ok {
			b.WriteString(m)
		} else {
			b.WriteRune(one(r))
		}
	}
	return b.String()
}
