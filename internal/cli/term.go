package cli

import (
	"io"
	"os"
	"strings"

	"github.com/mattn/go-isatty"

	"github.com/wikirules/wikirules/model"
)

// termText makes a table cell of wiki text safe for a terminal: control
// characters escaped (model.EscapeControls), tabs and newlines too, so a
// title cannot break the table's columns either.
func termText(s string) string {
	s = model.EscapeControls(s)
	if strings.ContainsAny(s, "\t\n") {
		s = strings.NewReplacer("\t", `\t`, "\n", `\n`).Replace(s)
	}
	return s
}

// isTerminal reports whether w is a terminal.
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	return ok && (isatty.IsTerminal(f.Fd()) || isatty.IsCygwinTerminal(f.Fd()))
}

// termWriter escapes control characters in text written through it
// (model.EscapeControls), for text output made of wiki content. A C1
// control's first byte (0xC2) at the end of one write is held until the
// next.
type termWriter struct {
	w    io.Writer
	held bool
}

func newTermWriter(w io.Writer) *termWriter { return &termWriter{w: w} }

func (t *termWriter) Write(p []byte) (int, error) {
	s := string(p)
	if t.held {
		s = "\xc2" + s
		t.held = false
	}
	if strings.HasSuffix(s, "\xc2") {
		s, t.held = s[:len(s)-1], true
	}
	if _, err := io.WriteString(t.w, model.EscapeControls(s)); err != nil {
		return 0, err
	}
	return len(p), nil
}

// Flush writes a held byte.
func (t *termWriter) Flush() error {
	if !t.held {
		return nil
	}
	t.held = false
	_, err := io.WriteString(t.w, "\xc2")
	return err
}
