package parser

import (
	"regexp"
	"strconv"
	"strings"
	"sync"
	"time"
)

// strToTime reads a date as #time does (PHP's DateTime in UTC): absolute
// dates (2024-01-02, 2024/01/02, 01/02/2024, 02.01.2024, 20240102,
// 2 January 2024, Jan 2nd, 2024, January 2024…), times (10:30, 10:30:15,
// 10pm), "@" Unix times, the words now, today, midnight, noon, tomorrow
// and yesterday, relative parts (+1 day, -2 weeks, 3 days ago, next
// monday, last month, first/last day of), week days, and time zones (UTC,
// GMT, +02:00, common abbreviations, the single-letter military ones).
// now stands for the current time (the revision's, so that a page renders
// the same every time). A date without a time is at midnight; a day past
// the month's end runs into the next month, as in PHP; anything not read
// is an error.
func strToTime(s string, now time.Time) (time.Time, bool) {
	s = strings.ToLower(strings.TrimSpace(s))
	if len(s) == 4 && isAllDigits(s) {
		// ParserFunctions reads a lone year as that year at midnight.
		s = "00:00 " + s
	}
	st := phpTimeState{weekday: -1, yearOnly: -1, nthWeekday: -1}
	for p := 0; p < len(s); {
		if c := s[p]; c == ' ' || c == '\t' || c == ',' || c == '\n' {
			p++
			continue
		}
		n := st.token(s[p:])
		if n <= 0 {
			return time.Time{}, false
		}
		p += n
	}
	return st.result(now.UTC())
}

// phpTimeState is what a date string said so far.
type phpTimeState struct {
	y, m, d    int
	h, i, sec  int
	haveDate   bool
	haveTime   bool
	zeroTime   bool // a word that means midnight (today, tomorrow, a week day) came after any time
	weekMonday bool // this/next/last week: the Monday of that week
	nthWeekday int  // "+2 friday": the second Friday from the day (today counts); -1 none
	nth        int
	ry, rm, rd int
	rh, ri, rs int
	weekday    int // 0 Sunday…6 Saturday; -1 none
	weekdayDir int // 0 this (today counts), 1 next, -1 last
	firstLast  int // 1 first day of, 2 last day of
	zone       int // seconds east of UTC
	haveZone   bool
	unix       int64
	haveUnix   bool
	yearOnly   int // a year given alone; -1 none
}

var phpTimeRE = sync.OnceValue(func() map[string]*regexp.Regexp {
	const month = `(january|february|march|april|may|june|july|august|september|october|november|december|jan|feb|mar|apr|jun|jul|aug|sept|sep|oct|nov|dec)\.?`
	const day = `(\d{1,2})(?:st|nd|rd|th)?`
	const unit = `(sec|secs|second|seconds|min|mins|minute|minutes|hour|hours|day|days|week|weeks|fortnight|fortnights|forthnight|month|months|year|years)`
	const wd = `(sunday|monday|tuesday|wednesday|thursday|friday|saturday|sun|mon|tue|tues|wed|thu|thur|thurs|fri|sat)\.?`
	m := map[string]string{
		"unix":      `^@(-?\d+)`,
		"isofull":   `^(\d{4})-(\d{1,2})-(\d{1,2})t(\d{1,2}):(\d{2})(?::(\d{2})(?:[.,]\d+)?)?`,
		"iso":       `^(\d{4})[-/](\d{1,2})[-/](\d{1,2})\b`,
		"ts14":      `^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})\b`,
		"ts8":       `^(\d{4})(\d{2})(\d{2})\b`,
		"american":  `^(\d{1,2})/(\d{1,2})(?:/(\d{4}|\d{2}))?\b`,
		"dmy":       `^(\d{1,2})[.-](\d{1,2})[.-](\d{4})\b`,
		"ym":        `^(\d{4})-(\d{1,2})\b`,
		"dMy":       `^` + day + `[ .\t-]*` + month + `[ .\t-]*(\d{4})\b`,
		"Mdy":       `^` + month + `[ .\t-]*` + day + `[ ,.\t-]+(\d{4})\b`,
		"My":        `^` + month + `[ .\t-]*(\d{4})\b`,
		"yM":        `^(\d{4})[ .\t-]*` + month + `(?:\b|$)`,
		"Md":        `^` + month + `[ .\t-]*` + day + `\b`,
		"dM":        `^` + day + `[ .\t-]*` + month + `(?:\b|$)`,
		"M":         `^` + month + `(?:\b|$)`,
		"year":      `^(\d{4})\b`,
		"time":      `^t?(\d{1,2}):(\d{2})(?::(\d{2}))?(?:[.,]\d+)?(?:\s*([ap])(?:m\b|\.m\.|\.m\b|m\.))?`,
		"time12":    `^(\d{1,2})\s*([ap])(?:m\b|\.m\.|\.m\b|m\.)`,
		"word":      `^(now|today|midnight|noon|tomorrow|yesterday)\b`,
		"firstlast": `^(first|last) day of\b`,
		"rel":       `^([+-]?)\s*(\d+)\s*` + unit + `\b`,
		"relnwd":    `^([+-]?)\s*(\d+)\s*` + wd + `(?:\b|$)`,
		"relword":   `^(next|last|previous|this)\s+` + unit + `\b`,
		"relwd":     `^(next|last|previous|this)\s+` + wd + `(?:\b|$)`,
		"ago":       `^ago\b`,
		"wd":        `^` + wd + `(?:\b|$)`,
		"utc":       `^(utc|gmt|z)\b`,
		"offset":    `^([+-])(\d{1,2})(?::?(\d{2}))?\b`,
		"abbr":      `^(est|edt|cst|cdt|mst|mdt|pst|pdt|cet|cest|eet|eest|wet|west|bst|ist|jst|msk)\b`,
		"military":  `^([a-ik-z])\b`,
	}
	out := map[string]*regexp.Regexp{}
	for k, v := range m {
		out[k] = regexp.MustCompile(v)
	}
	return out
})

// phpTimeOrder is the order the forms are tried in at each position:
// the longer forms before those they begin with.
var phpTimeOrder = []string{"unix", "isofull", "iso", "ts14", "ts8", "american", "dmy", "ym", "dMy", "Mdy", "My", "yM", "Md", "dM",
	"time", "time12", "word", "firstlast", "relwd", "relword", "rel", "relnwd", "ago", "wd", "M", "year", "utc", "abbr", "offset", "military"}

var phpMonths = map[string]int{"jan": 1, "feb": 2, "mar": 3, "apr": 4, "may": 5, "jun": 6, "jul": 7, "aug": 8, "sep": 9, "oct": 10, "nov": 11, "dec": 12}

func phpMonth(s string) int { return phpMonths[strings.TrimSuffix(s, ".")[:3]] }

func phpWeekday(s string) int {
	return map[string]int{"sun": 0, "mon": 1, "tue": 2, "wed": 3, "thu": 4, "fri": 5, "sat": 6}[strings.TrimSuffix(s, ".")[:3]]
}

var phpZones = map[string]int{"est": -5, "edt": -4, "cst": -6, "cdt": -5, "mst": -7, "mdt": -6, "pst": -8, "pdt": -7, "cet": 1, "cest": 2,
	"eet": 2, "eest": 3, "wet": 0, "west": 1, "bst": 1, "ist": 1, "jst": 9, "msk": 3}

// token reads one form at the start of s and returns its length (0: none).
func (st *phpTimeState) token(s string) int {
	res := phpTimeRE()
	for _, name := range phpTimeOrder {
		m := res[name].FindStringSubmatch(s)
		if m == nil {
			continue
		}
		if !st.apply(name, m) {
			return 0
		}
		return len(m[0])
	}
	return 0
}

func (st *phpTimeState) setDate(y, m, d int) bool {
	// y or d -1: not given (the current one).
	// Month and day 0 are the last of the one before, as in PHP.
	if st.haveDate || m < 0 || m > 12 || d < -1 || d > 31 {
		return false
	}
	st.y, st.m, st.d, st.haveDate = y, m, d, true
	return true
}

func (st *phpTimeState) setTime(h, i, s int) bool {
	if st.haveTime || h > 24 || i > 59 || s > 60 {
		return false
	}
	st.h, st.i, st.sec, st.haveTime = h, i, s, true
	return true
}

// unsetTime is a word meaning midnight: a time before it is forgotten, one
// after it counts.
func (st *phpTimeState) unsetTime() {
	st.h, st.i, st.sec, st.haveTime, st.zeroTime = 0, 0, 0, false, true
}

func (st *phpTimeState) setZone(sec int) bool {
	if st.haveZone {
		return false
	}
	st.zone, st.haveZone = sec, true
	return true
}

func (st *phpTimeState) addUnit(unit string, n int) {
	switch {
	case strings.HasPrefix(unit, "sec"):
		st.rs += n
	case strings.HasPrefix(unit, "min"):
		st.ri += n
	case strings.HasPrefix(unit, "hour"):
		st.rh += n
	case strings.HasPrefix(unit, "day"):
		st.rd += n
	case strings.HasPrefix(unit, "week"):
		st.rd += 7 * n
	case strings.HasPrefix(unit, "fort"):
		st.rd += 14 * n
	case strings.HasPrefix(unit, "month"):
		st.rm += n
	case strings.HasPrefix(unit, "year"):
		st.ry += n
	}
}

func (st *phpTimeState) apply(name string, m []string) bool {
	switch name {
	case "unix":
		v, err := strconv.ParseInt(m[1], 10, 64)
		if err != nil || st.haveUnix {
			return false
		}
		st.unix, st.haveUnix = v, true
		return true
	case "isofull":
		return st.setDate(atoiOr0(m[1]), atoiOr0(m[2]), atoiOr0(m[3])) && st.setTime(atoiOr0(m[4]), atoiOr0(m[5]), atoiOr0(m[6]))
	case "iso", "ts8":
		return st.setDate(atoiOr0(m[1]), atoiOr0(m[2]), atoiOr0(m[3]))
	case "ts14":
		return st.setDate(atoiOr0(m[1]), atoiOr0(m[2]), atoiOr0(m[3])) && st.setTime(atoiOr0(m[4]), atoiOr0(m[5]), atoiOr0(m[6]))
	case "american":
		y := -1
		if m[3] != "" {
			y = atoiOr0(m[3])
			if len(m[3]) == 2 {
				y += map[bool]int{true: 2000, false: 1900}[y < 70]
			}
		}
		return st.setDate(y, atoiOr0(m[1]), atoiOr0(m[2]))
	case "dmy":
		return st.setDate(atoiOr0(m[3]), atoiOr0(m[2]), atoiOr0(m[1]))
	case "ym":
		return st.setDate(atoiOr0(m[1]), atoiOr0(m[2]), 1)
	case "dMy":
		return st.setDate(atoiOr0(m[3]), phpMonth(m[2]), atoiOr0(m[1]))
	case "Mdy":
		return st.setDate(atoiOr0(m[3]), phpMonth(m[1]), atoiOr0(m[2]))
	case "My":
		return st.setDate(atoiOr0(m[2]), phpMonth(m[1]), 1)
	case "yM":
		return st.setDate(atoiOr0(m[1]), phpMonth(m[2]), 1)
	case "Md":
		return st.setDate(-1, phpMonth(m[1]), atoiOr0(m[2]))
	case "dM":
		return st.setDate(-1, phpMonth(m[2]), atoiOr0(m[1]))
	case "M":
		return st.setDate(-1, phpMonth(m[1]), -1)
	case "year":
		// A year alone after a time ("00:00 2024"); alone, four digits
		// are a time in PHP.
		if !st.haveTime || st.haveDate || st.yearOnly >= 0 {
			return false
		}
		st.yearOnly = atoiOr0(m[1])
		return true
	case "time", "time12":
		h, i, sec, ampm := atoiOr0(m[1]), 0, 0, ""
		if name == "time" {
			i, sec, ampm = atoiOr0(m[2]), atoiOr0(m[3]), m[4]
		} else {
			ampm = m[2]
		}
		if ampm != "" {
			if h < 1 || h > 12 {
				return false
			}
			h %= 12
			if ampm == "p" {
				h += 12
			}
		}
		return st.setTime(h, i, sec)
	case "word":
		switch m[1] {
		case "now":
		case "today", "midnight":
			st.unsetTime()
		case "noon":
			st.unsetTime()
			return st.setTime(12, 0, 0)
		case "tomorrow":
			st.unsetTime()
			st.rd++
		case "yesterday":
			st.unsetTime()
			st.rd--
		}
		return true
	case "firstlast":
		st.firstLast = map[string]int{"first": 1, "last": 2}[m[1]]
		return true
	case "rel":
		n := atoiOr0(m[2])
		if m[1] == "-" {
			n = -n
		}
		st.addUnit(m[3], n)
		return true
	case "relword":
		n := map[string]int{"next": 1, "last": -1, "previous": -1, "this": 0}[m[1]]
		st.addUnit(m[2], n)
		if strings.HasPrefix(m[2], "week") {
			st.weekMonday = true
		}
		return true
	case "relnwd":
		if st.nthWeekday >= 0 {
			return false
		}
		n := atoiOr0(m[2])
		if m[1] == "-" {
			n = -n
		}
		st.nthWeekday, st.nth = phpWeekday(m[3]), n
		return true
	case "relwd", "wd":
		if st.weekday >= 0 {
			return false
		}
		st.weekday = phpWeekday(m[len(m)-1])
		if name == "relwd" {
			st.weekdayDir = map[string]int{"next": 1, "last": -1, "previous": -1, "this": 0}[m[1]]
		}
		st.unsetTime()
		return true
	case "ago":
		st.ry, st.rm, st.rd, st.rh, st.ri, st.rs = -st.ry, -st.rm, -st.rd, -st.rh, -st.ri, -st.rs
		return true
	case "utc":
		return st.setZone(0)
	case "abbr":
		return st.setZone(phpZones[m[1]] * 3600)
	case "offset":
		h, mi := atoiOr0(m[2]), atoiOr0(m[3])
		if h > 14 || mi > 59 {
			return false
		}
		sec := h*3600 + mi*60
		if m[1] == "-" {
			sec = -sec
		}
		return st.setZone(sec)
	case "military":
		c := m[1][0]
		var h int
		switch {
		case c == 'z':
		case c <= 'i':
			h = int(c-'a') + 1
		case c <= 'm':
			h = int(c-'k') + 10
		default:
			h = -(int(c-'n') + 1)
		}
		return st.setZone(h * 3600)
	}
	return false
}

// result applies what was read to now.
func (st *phpTimeState) result(now time.Time) (time.Time, bool) {
	if st.haveUnix {
		t := time.Unix(st.unix, 0).UTC()
		return inRange(t.Add(time.Duration(st.rh)*time.Hour+time.Duration(st.ri)*time.Minute+time.Duration(st.rs)*time.Second).AddDate(st.ry, st.rm, st.rd))
	}
	y, mo, d := now.Date()
	h, mi, sec := now.Clock()
	if st.haveDate {
		if st.y >= 0 {
			y = st.y
		}
		mo = time.Month(st.m)
		if st.d >= 0 {
			d = st.d
		}
		if !st.haveTime {
			h, mi, sec = 0, 0, 0
		}
	}
	if st.yearOnly >= 0 {
		y = st.yearOnly
	}
	if st.zeroTime && !st.haveTime {
		h, mi, sec = 0, 0, 0
	}
	if st.haveTime {
		h, mi, sec = st.h, st.i, st.sec
	}
	// The date as given, past the month's end into the next (February 30
	// is March 1), then the relative parts; "first/last day of" reads the
	// month as written.
	t := time.Date(y, mo, d, h, mi, sec, 0, time.UTC)
	if st.firstLast != 0 {
		if h == 24 {
			h = 0 // PHP's next day, which the first day then replaces
		}
		t = time.Date(y+st.ry, mo+time.Month(st.rm), 1, h, mi, sec, 0, time.UTC)
		if st.firstLast == 2 {
			t = t.AddDate(0, 1, -1)
		}
		t = t.AddDate(0, 0, st.rd)
	} else {
		t = t.AddDate(st.ry, st.rm, st.rd)
	}
	t = t.Add(time.Duration(st.rh)*time.Hour + time.Duration(st.ri)*time.Minute + time.Duration(st.rs)*time.Second)
	if st.weekMonday {
		t = t.AddDate(0, 0, -((int(t.Weekday()) + 6) % 7))
	}
	if st.nthWeekday >= 0 {
		if st.nth >= 0 {
			days := (st.nthWeekday - int(t.Weekday()) + 7) % 7
			t = t.AddDate(0, 0, days+7*max(st.nth-1, 0))
		} else {
			days := (int(t.Weekday()) - st.nthWeekday + 7) % 7
			if days == 0 {
				days = 7
			}
			t = t.AddDate(0, 0, -days-7*(-st.nth-1))
		}
	}
	if st.weekday >= 0 {
		days := (st.weekday - int(t.Weekday()) + 7) % 7
		switch st.weekdayDir {
		case 1:
			if days == 0 {
				days = 7
			}
		case -1:
			days = -((int(t.Weekday()) - st.weekday + 7) % 7)
			if days == 0 {
				days = -7
			}
		}
		t = t.AddDate(0, 0, days)
	}
	if st.haveZone {
		t = t.Add(-time.Duration(st.zone) * time.Second)
	}
	return inRange(t)
}

// inRange keeps the years #time shows (0 to 9999).
func inRange(t time.Time) (time.Time, bool) {
	if t.Year() < 0 || t.Year() > 9999 {
		return time.Time{}, false
	}
	return t, true
}
