package corpus

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/wikirules/wikirules/model"
)

// TestInputDirSymlinks: a symbolic link in an input directory is followed
// while it stays inside; one that leads outside (a wiki page that is
// really /etc/passwd) is not read, with a warning.
func TestInputDirSymlinks(t *testing.T) {
	root := t.TempDir()
	in := filepath.Join(root, "wiki")
	os.Mkdir(in, 0o755)
	os.WriteFile(filepath.Join(root, "secret.wiki"), []byte("the secret"), 0o644)
	os.WriteFile(filepath.Join(in, "Real.wiki"), []byte("real page"), 0o644)
	if err := os.Symlink("../secret.wiki", filepath.Join(in, "Leak.wiki")); err != nil {
		t.Skip("no symbolic links:", err)
	}
	os.Symlink(filepath.Join(root, "secret.wiki"), filepath.Join(in, "Absolute.wiki"))
	os.Symlink("Real.wiki", filepath.Join(in, "Alias.wiki"))
	c, err := Load([]string{in}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	var titles []string
	for _, p := range c.Pages {
		titles = append(titles, p.Title)
		if strings.Contains(p.Latest().Text, "secret") {
			t.Errorf("%s holds the file outside the input directory", p.Title)
		}
	}
	if strings.Join(titles, ",") != "Alias,Real" {
		t.Errorf("pages %v", titles)
	}
	warned := 0
	for _, w := range c.Warnings {
		if w.ID == model.MsgInput && strings.Contains(w.Text, "symbolic link") {
			warned++
		}
	}
	if warned != 2 {
		t.Errorf("%d warnings: %v", warned, c.Warnings)
	}
}
