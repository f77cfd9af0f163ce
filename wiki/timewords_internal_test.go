package wiki

import "testing"

// TestMentionsTime: a chunk is parsed again for each revision only when a
// call in it may read the time; a time word in running text or in a
// call's argument does not make it so.
func TestMentionsTime(t *testing.T) {
	for _, c := range []struct {
		text string
		want bool
	}{
		{"{{CURRENTYEAR}}", true},
		{"Year: {{ CURRENTMONTHNAME }}.", true},
		{"{{LOCALTIME}}", true},
		{"{{REVISIONID}} and {{REVISIONUSER}}", true},
		{"{{#time:Y-m-d}}", true},
		{"{{ #timel: H:i }}", true},
		{"{{#if: x | {{CURRENTDAY}} }}", true},
		{"{{{1|{{CURRENTDAY}}}}}", true},
		{"{{subst:CURRENTYEAR}}", true},
		{"{{ safesubst: LOCALDAY}}", true},
		{"{{<!-- note -->CURRENTYEAR}}", true},
		{"{{{{{|safesubst:}}}CURRENTYEAR}}", true},
		{"{{currentyear}}", true}, // not a magic word, but a template could be named so
		{"The current player draws a card. {{card|3}}", false},
		{"{{note|the current player, a local rule}}", false},
		{"{{card|revision 2}} {{time|now}}", false},
		{"{{x|#time}} {{y|a=CURRENTYEAR}}", false},
		{"{{{current}}}", true}, // a parameter, counted: a false yes only costs a parse
		{"current local revision #time, no call", false},
		{"{{<!-- unclosed comment", false},
		{"{{{|unclosed", false},
		{"{{", false},
		{"", false},
	} {
		if got := mentionsTime(c.text); got != c.want {
			t.Errorf("mentionsTime(%q) = %v, want %v", c.text, got, c.want)
		}
	}
}
