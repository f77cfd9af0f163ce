package mwtest

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"io/fs"
	"net/http"
	"net/url"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"github.com/wikirules/wikirules/content"
	"github.com/wikirules/wikirules/corpus"
	"github.com/wikirules/wikirules/model"
)

// ImportXML loads a MediaWiki XML export with maintenance/importDump.php,
// then runs the job queue so link tables (templates used, categories) are
// complete.
func (w *Wiki) ImportXML(ctx context.Context, xml []byte) error {
	w.seq++
	name := filepath.Join(w.Dir, fmt.Sprintf("import-%d.xml", w.seq))
	if err := os.WriteFile(name, xml, 0o644); err != nil {
		return err
	}
	defer os.Remove(name)
	out, err := w.maintenanceThenJobs(ctx, nil, "importDump.php", "BackupReader", nil, name)
	if err != nil {
		return err
	}
	// importDump.php reports a page it could not import and goes on.
	if bytes.Contains(out, []byte("Exception")) || bytes.Contains(out, []byte("Warning:")) {
		return fmt.Errorf("importDump.php reported problems:\n%s", out)
	}
	return nil
}

// ImportCorpus writes c as an XML export (corpus.WriteXML, what
// `wikirules convert --to xml` writes) and imports it.
func (w *Wiki) ImportCorpus(ctx context.Context, c *model.Corpus) error {
	var b bytes.Buffer
	if err := corpus.WriteXML(&b, c, "wikirules"); err != nil {
		return err
	}
	return w.ImportXML(ctx, b.Bytes())
}

// RunJobs runs the wiki's job queue (link updates after imports and
// template edits; the served wiki runs no jobs on its own). The helpers
// that change the wiki run it themselves.
func (w *Wiki) RunJobs(ctx context.Context) error {
	_, err := w.Maintenance(ctx, nil, "runJobs.php")
	return err
}

// maintenanceThenJobs runs a maintenance script of MediaWiki's (its file
// name and class) with options ("name=value") and arguments, then the job
// queue, in one process (thenRunJobs).
func (w *Wiki) maintenanceThenJobs(ctx context.Context, stdin io.Reader, script, class string, opts []string, args ...string) ([]byte, error) {
	all := []string{"--wr-script=" + filepath.Join(w.Inst.Dir, "maintenance", script), "--wr-class=" + class}
	for _, o := range opts {
		all = append(all, "--"+o)
	}
	all = append(append(all, "--"), args...)
	return w.Maintenance(ctx, stdin, filepath.Join(w.Dir, "then-run-jobs.php"), all...)
}

// Edit saves text as a new revision of title by user (created when
// unknown) with maintenance/edit.php, as an editor would: MediaWiki's
// pre-save transform applies.
func (w *Wiki) Edit(ctx context.Context, title, text, user, summary string) error {
	_, err := w.maintenanceThenJobs(ctx, strings.NewReader(text), "edit.php", "EditCLI", []string{"user=" + user, "summary=" + summary}, title)
	return err
}

// Move renames a page (maintenance/moveBatch.php), leaving a redirect at
// the old title unless noRedirect.
func (w *Wiki) Move(ctx context.Context, from, to, user, reason string, noRedirect bool) error {
	list := filepath.Join(w.Dir, "move.txt")
	if err := os.WriteFile(list, []byte(from+"|"+to+"\n"), 0o644); err != nil {
		return err
	}
	defer os.Remove(list)
	opts := []string{"u=" + user, "r=" + reason}
	if noRedirect {
		opts = append(opts, "noredirects")
	}
	_, err := w.maintenanceThenJobs(ctx, nil, "moveBatch.php", "MoveBatch", opts, list)
	return err
}

// Delete deletes a page (maintenance/deleteBatch.php).
func (w *Wiki) Delete(ctx context.Context, title, user, reason string) error {
	list := filepath.Join(w.Dir, "delete.txt")
	if err := os.WriteFile(list, []byte(title+"\n"), 0o644); err != nil {
		return err
	}
	defer os.Remove(list)
	_, err := w.maintenanceThenJobs(ctx, nil, "deleteBatch.php", "DeleteBatch", []string{"u=" + user, "r=" + reason}, list)
	return err
}

// Upload adds a file (maintenance/importImages.php) as File:name.
func (w *Wiki) Upload(ctx context.Context, name string, data []byte, user, comment string) error {
	dir, err := os.MkdirTemp(w.Dir, "upload-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
		return err
	}
	ext := strings.TrimPrefix(filepath.Ext(name), ".")
	_, err = w.maintenanceThenJobs(ctx, nil, "importImages.php", "ImportImages", []string{"user=" + user, "comment=" + comment, "extensions=" + ext}, dir)
	return err
}

// AddSettings appends PHP to the wiki's LocalSettings.php (for example
// "$wgParserEnableLegacyMediaDOM = false;"); the server reads it on the
// next request.
func (w *Wiki) AddSettings(php string) error {
	f, err := os.OpenFile(filepath.Join(w.Dir, "LocalSettings.php"), os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		return err
	}
	if _, err := f.WriteString("\n" + php + "\n"); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// SetLag makes the API report a database replication lag of seconds (0:
// none), as a wiki whose replicas fall behind does: MediaWiki then refuses
// every request whose maxlag is lower, with its "maxlag" error.
func (w *Wiki) SetLag(seconds int) error {
	name := filepath.Join(w.Dir, "lag")
	if seconds == 0 {
		if err := os.Remove(name); err != nil && !os.IsNotExist(err) {
			return err
		}
		return nil
	}
	return os.WriteFile(name, []byte(fmt.Sprint(seconds)), 0o644)
}

// Query sends an API request (format=json&formatversion=2 are added) and
// decodes the response into v. An API error is returned as an error.
func (w *Wiki) Query(ctx context.Context, params url.Values, v any) error {
	params.Set("format", "json")
	params.Set("formatversion", "2")
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, w.API(), strings.NewReader(params.Encode()))
	if err != nil {
		return err
	}
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	resp, err := w.HTTP.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err != nil {
		return err
	}
	if resp.StatusCode != 200 {
		return fmt.Errorf("api.php %s: HTTP %d: %.500s", params.Get("action"), resp.StatusCode, body)
	}
	var e struct {
		Error *struct{ Code, Info string }
	}
	if err := json.Unmarshal(body, &e); err != nil {
		return fmt.Errorf("api.php %s: not JSON: %.500s", params.Get("action"), body)
	}
	if e.Error != nil {
		return fmt.Errorf("api.php %s: %s: %s", params.Get("action"), e.Error.Code, e.Error.Info)
	}
	if v == nil {
		return nil
	}
	return json.Unmarshal(body, v)
}

// Parse renders wikitext as the page title with MediaWiki's parser
// (api.php action=parse) and returns the HTML of the page body, without
// section edit links or the parser's limit report.
func (w *Wiki) Parse(ctx context.Context, title, wikitext string) (string, error) {
	return w.parse(ctx, url.Values{"title": {title}, "text": {wikitext}, "contentmodel": {"wikitext"}})
}

// ParseRevision renders a stored revision of a page (action=parse&oldid=).
func (w *Wiki) ParseRevision(ctx context.Context, revid int64) (string, error) {
	return w.parse(ctx, url.Values{"oldid": {fmt.Sprint(revid)}})
}

func (w *Wiki) parse(ctx context.Context, params url.Values) (string, error) {
	params.Set("action", "parse")
	params.Set("prop", "text")
	params.Set("disableeditsection", "1")
	params.Set("disablelimitreport", "1")
	var r struct {
		Parse struct{ Text string }
	}
	if err := w.Query(ctx, params, &r); err != nil {
		return "", err
	}
	return r.Parse.Text, nil
}

// EmbeddedCorpus is what tests load into a wiki: the embedded corpus
// (content/wiki) and the embedded template definitions
// (content/wikitemplates) as Template: pages, each one revision by
// "Wikirules" dated 2024-01-01, its text as a wiki would store it
// (trailing whitespace trimmed).
func EmbeddedCorpus() (*model.Corpus, error) {
	cont := content.New()
	c, err := cont.Corpus(corpus.Options{})
	if err != nil {
		return nil, err
	}
	pages := append([]*model.Page(nil), c.Pages...)
	err = fs.WalkDir(cont.FS(), "wikitemplates", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(p, ".wiki") {
			return err
		}
		data, err := fs.ReadFile(cont.FS(), p)
		if err != nil {
			return err
		}
		text := strings.TrimRight(string(data), " \t\r\n")
		title := "Template:" + corpus.TitleFromFileName(path.Base(p))
		pages = append(pages, &model.Page{Title: title, Namespace: model.NSTemplate, Kind: model.PageTemplate,
			Revisions: []*model.Revision{{Timestamp: time.Date(2024, 1, 1, 0, 0, 0, 0, time.UTC), Author: "Wikirules",
				Summary: "From content/wikitemplates", Text: text, SHA1: model.TextSHA1(text), Size: len(text)}}})
		return nil
	})
	if err != nil {
		return nil, err
	}
	sort.Slice(pages, func(i, j int) bool { return pages[i].Title < pages[j].Title })
	return model.NewCorpus(pages), nil
}
