package feed

import "strings"

// hostileFeeds are feeds written to catch a reading that finds entries
// where reading the feed in one go would not, or misses some: texts holding
// lines shaped like entry headers, headers whose own lines begin headers,
// malformed entries in every position, empty texts, and the bytes the
// input cleaning changes. The split tests read them cut at many points.
func hostileFeeds() map[string]string {
	e := func(title, ts, user, body string) string {
		return title + "\n\n" + ts + "\n\n" + user + "\n\n" + body
	}
	join := func(entries ...string) string { return "H\n\n" + strings.Join(entries, "\n\n") }
	const t1, t2, t3, t4 = "2024-01-01T00:00:00Z", "2024-01-02T00:00:00Z", "2024-01-03T00:00:00Z", "2024-01-04T00:00:00Z"
	plain := join(
		e("Gamehelpfoo", t1, "Alice: /* Scoring */ fix", "== Scoring ==\nA line.\n\nAnother paragraph.\nIts second line."),
		e("Gamehelpfoo", t2, "Bob:", ""),
		e("Tips foo", t3, "2001:db8::1: anonymous edit", "Text\nwith lines"),
		e("Gamehelpbar", t4, "Carol: x", "One line."),
	)
	m := map[string]string{
		"plain": plain,
		// Texts whose lines look like entries, or like malformed ones.
		"short paragraphs": join(e("A", t1, "Alice: x", "Intro\n\nRound 1\n\n3 points\n\nNote: count them\n\nEnd"), e("B", t2, "Bob: y", "z")),
		"entry in a text":  join(e("A", t1, "Alice: x", "before\n\nInner\n\n"+t2+"\n\nMallory: fake\n\nafter"), e("B", t3, "Bob: y", "z")),
		"bad entry in a text": join(e("A", t1, "Alice: x", "before\n\nInner\n\n"+t2+"\n\nno colon\n\nafter"),
			e("B", t3, "Bob: y", "z\n\nC\n\nyesterday\n\nCarol: z\n\nmore"), e("D", t4, "Dan: w", "end")),
		"timestamps in a text": join(e("A", t1, "Alice: x", t2+"\n\n"+t3+"\n\n"+t4+"\n\nx: y\n\n"+t1), e("B", t2, "Bob: y", t3)),
		// A header whose user line begins a well-formed header (not read
		// as one), whose timestamp line begins a malformed one, and a chain
		// of headers each beginning inside the one before.
		"header in a user line": join(e("A", t1, "B: x", t2+"\n\nC: y\n\nbody"), e("D", t3, "Dan: z", "w")),
		"header in a timestamp": join(e("A", t1, t2+": x", "body"), e("B", t3, "Bob: y", "z")),
		"chain": join(e("A", t1, "B: 1", t2+"\n\nC: 2\n\n"+t3+"\n\nD: 3\n\n"+t4+"\n\nE: 4\n\n"+t1+"\n\nF: 5\n\nbody"),
			e("G", t2, "Gus: 6", "after")),
		"chain of user lines": join(e("A", t1, "B: 1", t2+"\n\nC: 2\n\n"+t3+"\n\nD: 3\n\nbody")),
		// Malformed entries, first, later, several in a row, last.
		"bad timestamps": join(e("A", t1, "Alice: x", "a"), e("B", "2024-13-02T03:04:05Z", "Bob: y", "b"),
			e("C", "yesterday", "Carol: z", "c"), e("D", "2024-01-01 00:00:00", "Dan: w", "d"), e("E", t2, "Eve: v", "e"),
			e("F", "16:30, 15 November 2024", "Fay: u", "f")),
		"no user line":         join(e("A", t1, "Alice: x", "a"), e("B", t2, "no colon here", "b"), e("C", t3, "Carol: z", "c")),
		"no blank after user":  join(e("A", t1, "Alice: x", "a"), "B\n\n"+t2+"\n\nBob: y\nb", e("C", t3, "Carol: z", "c")),
		"no blank after time":  join(e("A", t1, "Alice: x", "a"), "B\n\n"+t2+"\nBob: y\n\nb", e("C", t3, "Carol: z", "c")),
		"short timestamp":      join(e("A", t1, "Alice: x", "a"), e("B", "2024-01-02T00:00Z", "Bob: y", "b"), e("C", t3, "Carol: z", "c")),
		"bad first entry":      join(e("A", "last week", "Alice: x", "a"), e("B", t2, "Bob: y", "b"), e("C", t3, "Carol: z", "c")),
		"bad first timestamp":  join(e("A", "2024-13-01T00:00:00Z", "Alice: x", "a"), e("B", t2, "Bob: y", "b")),
		"no first entry":       "H\n\njust text\n\nmore text\n\n" + e("B", t2, "Bob: y", "b") + "\n\n" + e("C", t3, "Carol: z", "c"),
		"bad last entry":       join(e("A", t1, "Alice: x", "a"), e("B", t2, "Bob: y", "b"), e("C", "tomorrow", "Carol: z", "c")),
		"bad entries in a row": join(e("A", t1, "Alice: x", "a"), e("B", "now", "Bob: y", ""), e("C", "today", "Carol: z", ""), e("D", t2, "Dan: w", "d")),
		// Empty texts, blank lines.
		"empty texts":              join(e("A", t1, "Alice: x", ""), e("B", t2, "Bob: y", ""), e("C", t3, "Carol: z", ""), "D\n\n"+t4+"\n\nDan: w"),
		"empty last text, newline": join(e("A", t1, "Alice: x", "a"), "B\n\n"+t2+"\n\nBob: y\n"),
		"empty last text, blank":   join(e("A", t1, "Alice: x", "a"), "B\n\n"+t2+"\n\nBob: y\n\n"),
		"blank lines":              join(e("A", t1, "Alice: x", "\n\n\na\n\n\n\nb\n\n\n"), e("B", t2, "Bob: y", "\n\n\n\n"), e("C", t3, "Carol: z", "c\n\n\n")),
		"text at the end":          join(e("A", t1, "Alice: x", "a\n\nlast line, no newline")),
		// The feed's own frame.
		"empty":             "",
		"header only":       "H",
		"header and blank":  "H\n\n",
		"no blank":          "H\n" + e("A", t1, "Alice: x", "a"),
		"no header":         e("A", t1, "Alice: x", "a") + "\n\n" + e("B", t2, "Bob: y", "b"),
		"empty header line": "\n\n" + e("A", t1, "Alice: x", "a") + "\n\n" + e("B", t2, "Bob: y", "b"),
		// Bytes the cleaning changes: the cut is made in the cleaned text.
		"crlf":    strings.ReplaceAll(plain, "\n", "\r\n"),
		"cr":      strings.ReplaceAll(plain, "\n", "\r"),
		"bom":     "\ufeff" + plain,
		"bomcrlf": "\ufeff" + strings.ReplaceAll(plain, "\n", "\r\n"),
		"nul and invalid UTF-8": join(e("A", t1, "Al\xffice: x", "ok\nbad \xfe\xfe byte\nnul\x00 here"),
			e("B\x00", t2, "Bob: y", "\xc3"), e("C", t3, "Carol: z", "\x00\x00")),
		"mixed line ends": "H\r\n\r\n" + e("A", t1, "Alice: x", "a\r\n\r\nb") + "\r\n\n" + e("B", t2, "Bob: y", "c\rd"),
	}
	// Long enough to be cut in many places, with a text over a small
	// limit now and then.
	var b strings.Builder
	b.WriteString("H")
	for i := range 60 {
		body := strings.Repeat("word ", i%7*3) + "\n\nA paragraph.\n\nNote: 3\n\n" + strings.Repeat("x", i%11*10)
		switch i % 13 {
		case 5:
			body += "\n\nInner\n\n" + t3 + "\n\nno colon"
		case 9:
			body = ""
		}
		b.WriteString("\n\n" + e("Page "+string(rune('A'+i%26)), t1, "User"+string(rune('a'+i%5))+": edit", body))
		if i%17 == 16 {
			b.WriteString("\n\n" + e("Bad", "yesterday", "Bob: y", "b"))
		}
	}
	m["long"] = b.String()
	return m
}
