package check

import (
	"encoding/xml"
	"fmt"
	"io"
	"sort"
)

type junitSuites struct {
	XMLName  xml.Name     `xml:"testsuites"`
	Name     string       `xml:"name,attr"`
	Tests    int          `xml:"tests,attr"`
	Failures int          `xml:"failures,attr"`
	Errors   int          `xml:"errors,attr"`
	Suites   []junitSuite `xml:"testsuite"`
}

type junitSuite struct {
	Name     string      `xml:"name,attr"`
	Tests    int         `xml:"tests,attr"`
	Failures int         `xml:"failures,attr"`
	Errors   int         `xml:"errors,attr"`
	Cases    []junitCase `xml:"testcase"`
}

type junitCase struct {
	ClassName string        `xml:"classname,attr"`
	Name      string        `xml:"name,attr"`
	File      string        `xml:"file,attr,omitempty"`
	Line      int           `xml:"line,attr,omitempty"`
	Failure   *junitProblem `xml:"failure"`
	Error     *junitProblem `xml:"error"`
	Output    string        `xml:"system-out,omitempty"`
}

type junitProblem struct {
	Message string `xml:"message,attr"`
	Type    string `xml:"type,attr"`
	Text    string `xml:",chardata"`
}

// WriteJUnit writes results as JUnit XML, one test suite per game, which CI
// systems display as test results.
func WriteJUnit(w io.Writer, results []Result) error {
	byGame := map[string]*junitSuite{}
	var games []string
	all := junitSuites{Name: "wikirules checks"}
	for _, r := range results {
		s := byGame[r.Game]
		if s == nil {
			s = &junitSuite{Name: r.Game}
			byGame[r.Game] = s
			games = append(games, r.Game)
		}
		c := junitCase{ClassName: r.Game, Name: r.ID, File: r.Source.Page, Line: r.Source.Line}
		where := fmt.Sprintf("%s@%s line %d", r.Source.Page, r.Source.Revision, r.Source.Line)
		switch r.Status {
		case Fail:
			c.Failure = &junitProblem{Message: r.Message, Type: "rule-check", Text: r.Message + "\n" + where}
			s.Failures++
			all.Failures++
		case Error:
			c.Error = &junitProblem{Message: r.Message, Type: "spec-error", Text: r.Message + "\n" + r.Spec}
			s.Errors++
			all.Errors++
		default:
			c.Output = r.Message
		}
		s.Tests++
		all.Tests++
		s.Cases = append(s.Cases, c)
	}
	sort.Strings(games)
	for _, g := range games {
		all.Suites = append(all.Suites, *byGame[g])
	}
	if _, err := io.WriteString(w, xml.Header); err != nil {
		return err
	}
	enc := xml.NewEncoder(w)
	enc.Indent("", "  ")
	if err := enc.Encode(all); err != nil {
		return err
	}
	_, err := io.WriteString(w, "\n")
	return err
}
