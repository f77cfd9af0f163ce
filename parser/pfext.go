package parser

import (
	"strconv"
	"strings"
	"time"
)

// More of the ParserFunctions extension (ParserFunctions.php): #ifexist,
// #titleparts, #rel2abs, #time and #timel.

func init() {
	for k, v := range map[string]parserFunction{
		"#ifexist":    ifexistFunction,
		"#titleparts": titlepartsFunction,
		"#rel2abs":    rel2absFunction,
		"#time":       timeFunction,
		"#timel":      timeFunction,
	} {
		parserFunctions[k] = v
	}
}

// ifexistFunction is {{#ifexist:Title|then|else}}: a page exists when it
// is the page itself or a page the parse knows (the template source).
func ifexistFunction(c *pfCall) {
	t, ok := parseTitle(c.e.opts.Namespaces, c.plain(0))
	exists := false
	if ok && t.text != "" {
		exists = t.text == c.e.normalizedPageTitle(c.e.opts.Title)
		if !exists && c.e.opts.WikiTemplates != nil {
			_, exists = c.e.opts.WikiTemplates.Template(t.text)
		}
	}
	if exists {
		c.emitArg(1)
	} else {
		c.emitArg(2)
	}
}

// titlepartsFunction is {{#titleparts:A/B/C|parts|offset}}.
func titlepartsFunction(c *pfCall) {
	// A strip marker makes no title (as in MediaWiki): the text as it is.
	t, ok := parseTitle(c.e.opts.Namespaces, c.str(0))
	if !ok || t.text == "" {
		c.emitArg(0)
		return
	}
	parts, _ := strconv.Atoi(strings.TrimSpace(c.plain(1)))
	offset, _ := strconv.Atoi(strings.TrimSpace(c.plain(2)))
	bits := strings.SplitN(t.text, "/", 25)
	if offset > 0 {
		offset--
	}
	c.emit(strings.Join(phpSlice(bits, offset, parts), "/"))
}

// phpSlice is PHP's array_slice: a negative offset counts from the end, a
// negative length stops short of the end, 0 means to the end.
func phpSlice(s []string, offset, length int) []string {
	n := len(s)
	if offset < 0 {
		offset = max(n+offset, 0)
	}
	if offset > n {
		return nil
	}
	end := n
	switch {
	case length > 0:
		end = min(offset+length, n)
	case length < 0:
		end = n + length
	}
	if end < offset {
		return nil
	}
	return s[offset:end]
}

// rel2absFunction is {{#rel2abs:path|base}}.
func rel2absFunction(c *pfCall) {
	// Strip markers stay in the paths, as in MediaWiki.
	from := strings.TrimSpace(c.str(1))
	if from == "" {
		from = c.e.normalizedPageTitle(c.e.opts.Title)
	}
	to := strings.TrimRight(c.str(0), " /")
	if to == "" || to == "." {
		c.emit(from)
		return
	}
	if !strings.HasPrefix(to, "/") && !strings.HasPrefix(to, "./") && !strings.HasPrefix(to, "../") && to != ".." {
		from = ""
	}
	full := "/" + from + "/" + to + "/"
	var out []string
	for _, seg := range strings.Split(strings.Trim(full, "/"), "/") {
		switch seg {
		case "", ".":
		case "..":
			if len(out) == 0 {
				c.emit(`<strong class="error">Error: Invalid depth in path: "` + htmlEscape(full) + `" (tried to access a node above the root node).</strong>`)
				return
			}
			out = out[:len(out)-1]
		default:
			out = append(out, seg)
		}
	}
	c.emit(strings.Join(out, "/"))
}

// timeFunction is {{#time:format|date}}: the date (the revision's time
// by default) in PHP's date() format codes.
func timeFunction(c *pfCall) {
	t := c.e.opts.Time.UTC()
	// A strip marker (a <nowiki>, a footnote) is no part of a date:
	// PHP's reader refuses it as it refuses any unknown text.
	if d := strings.TrimSpace(c.str(1)); d != "" && !strings.EqualFold(d, "now") {
		var ok bool
		if strings.Contains(d, markerPrefix) {
			ok = false
		} else {
			t, ok = strToTime(d, t)
		}
		if !ok {
			c.emit(`<strong class="error">Error: Invalid time.</strong>`)
			return
		}
	}
	c.emit(phpDate(c.plain(0), t))
}

// phpDate formats t with PHP date() codes; a backslash or "quoted text"
// is literal, as in ParserFunctions.
func phpDate(format string, t time.Time) string {
	var b strings.Builder
	for i := 0; i < len(format); i++ {
		ch := format[i]
		switch ch {
		case '\\':
			if i+1 < len(format) {
				i++
				b.WriteByte(format[i])
			}
		case '"':
			j := strings.IndexByte(format[i+1:], '"')
			if j < 0 {
				b.WriteByte('"')
				continue
			}
			b.WriteString(format[i+1 : i+1+j])
			i += j + 1
		case 'Y':
			b.WriteString(strconv.Itoa(t.Year()))
		case 'y':
			b.WriteString(pad2(t.Year() % 100))
		case 'm':
			b.WriteString(pad2(int(t.Month())))
		case 'n':
			b.WriteString(strconv.Itoa(int(t.Month())))
		case 'd':
			b.WriteString(pad2(t.Day()))
		case 'j':
			b.WriteString(strconv.Itoa(t.Day()))
		case 'F':
			b.WriteString(t.Month().String())
		case 'M':
			b.WriteString(t.Month().String()[:3])
		case 'l':
			b.WriteString(t.Weekday().String())
		case 'D':
			b.WriteString(t.Weekday().String()[:3])
		case 'N':
			b.WriteString(strconv.Itoa((int(t.Weekday())+6)%7 + 1))
		case 'w':
			b.WriteString(strconv.Itoa(int(t.Weekday())))
		case 'z':
			b.WriteString(strconv.Itoa(t.YearDay() - 1))
		case 'W':
			_, w := t.ISOWeek()
			b.WriteString(pad2(w))
		case 'H':
			b.WriteString(pad2(t.Hour()))
		case 'G':
			b.WriteString(strconv.Itoa(t.Hour()))
		case 'h':
			b.WriteString(pad2((t.Hour()+11)%12 + 1))
		case 'g':
			b.WriteString(strconv.Itoa((t.Hour()+11)%12 + 1))
		case 'A':
			b.WriteString(t.Format("PM"))
		case 'a':
			b.WriteString(t.Format("pm"))
		case 'i':
			b.WriteString(pad2(t.Minute()))
		case 's':
			b.WriteString(pad2(t.Second()))
		case 'U':
			b.WriteString(strconv.FormatInt(t.Unix(), 10))
		case 't':
			b.WriteString(strconv.Itoa(time.Date(t.Year(), t.Month()+1, 0, 0, 0, 0, 0, time.UTC).Day()))
		case 'L':
			if y := t.Year(); y%4 == 0 && (y%100 != 0 || y%400 == 0) {
				b.WriteByte('1')
			} else {
				b.WriteByte('0')
			}
		case 'c':
			b.WriteString(t.Format("2006-01-02T15:04:05-07:00"))
		default:
			b.WriteByte(ch)
		}
	}
	return b.String()
}
