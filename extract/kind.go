package extract

import "fmt"

// Kind is what a rule table is about, read from its heading, caption,
// columns and the sentence before it. Its text form ("cards", "scoring"…)
// is what the YAML and JSON outputs hold.
type Kind uint8

const (
	KindCards     Kind = iota + 1 // a list of components and their counts
	KindScoring                   // points, penalties, payouts
	KindRoyalties                 // bonuses for hands (a heading about royalties)
	KindOptions                   // variants: an option and its description
	KindTable                     // a table of no more specific kind
)

var kindNames = [...]string{KindCards: "cards", KindScoring: "scoring", KindRoyalties: "royalties", KindOptions: "options", KindTable: "table"}

// String returns the kind's name, or "Kind(N)" for a value that is none.
func (k Kind) String() string {
	if k > 0 && int(k) < len(kindNames) {
		return kindNames[k]
	}
	return fmt.Sprintf("Kind(%d)", k)
}

// MarshalText writes the kind's name.
func (k Kind) MarshalText() ([]byte, error) {
	if k == 0 || int(k) >= len(kindNames) {
		return nil, fmt.Errorf("extract: invalid table kind %d", k)
	}
	return []byte(kindNames[k]), nil
}

// UnmarshalText reads a kind's name.
func (k *Kind) UnmarshalText(b []byte) error {
	for i, name := range kindNames {
		if i > 0 && name == string(b) {
			*k = Kind(i)
			return nil
		}
	}
	return fmt.Errorf("extract: unknown table kind %q (want cards, scoring, royalties, options or table)", b)
}

// Form is how a table is written in the wikitext. Its text form
// ("wikitable", "list"…) is what the YAML and JSON outputs hold.
type Form uint8

const (
	FormWikitable Form = iota + 1 // {| … |}
	FormHTML                      // <table>…</table>
	FormList                      // a wiki list: counts, options, label/value or items of one shape
	FormLines                     // lines of a paragraph: "Label 3", "Label: 1 2 3", "• 12 tokens"
	FormPre                       // lines of a <pre> block or of indented text
)

var formNames = [...]string{FormWikitable: "wikitable", FormHTML: "html", FormList: "list", FormLines: "lines", FormPre: "pre"}

// String returns the form's name, or "Form(N)" for a value that is none.
func (f Form) String() string {
	if f > 0 && int(f) < len(formNames) {
		return formNames[f]
	}
	return fmt.Sprintf("Form(%d)", f)
}

var formPhrases = [...]string{FormWikitable: "a wikitable", FormHTML: "an HTML table", FormList: "a list", FormLines: "lines of text", FormPre: "a preformatted block"}

// Phrase says in words what the table was written as, after "from" ("from
// a wikitable", "from lines of text").
func (f Form) Phrase() string {
	if f > 0 && int(f) < len(formPhrases) {
		return formPhrases[f]
	}
	return f.String()
}

// MarshalText writes the form's name.
func (f Form) MarshalText() ([]byte, error) {
	if f == 0 || int(f) >= len(formNames) {
		return nil, fmt.Errorf("extract: invalid table form %d", f)
	}
	return []byte(formNames[f]), nil
}

// UnmarshalText reads a form's name.
func (f *Form) UnmarshalText(b []byte) error {
	for i, name := range formNames {
		if i > 0 && name == string(b) {
			*f = Form(i)
			return nil
		}
	}
	return fmt.Errorf("extract: unknown table form %q (want wikitable, html, list, lines or pre)", b)
}
