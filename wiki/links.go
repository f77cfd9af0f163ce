package wiki

import (
	"net/url"
	"strconv"
	"strings"

	"github.com/wikirules/wikirules/model"
)

// Links back to the wiki (Config.URL). With an article path
// ("https://en.wikipedia.org/wiki/$1") a page is the path with its title,
// and actions are a query on it (MediaWiki answers "/wiki/T?action=edit");
// with the directory of index.php ("https://en.doc.boardgamearena.com/")
// everything goes through index.php?title=T. Both forms work on every
// MediaWiki.

// HasURL reports whether the wiki's address is known (Config.URL).
func (w *Wiki) HasURL() bool { return w.cfg.URL != "" }

// PageURL is the address of a page on the wiki ("" without Config.URL).
func (w *Wiki) PageURL(title string) string { return w.wikiURL(title, "") }

// EditURL is the address of a page's edit form on the wiki.
func (w *Wiki) EditURL(title string) string { return w.wikiURL(title, "action=edit") }

// HistoryURL is the address of a page's history on the wiki.
func (w *Wiki) HistoryURL(title string) string { return w.wikiURL(title, "action=history") }

// RevisionURL is the address of a revision on the wiki: ?oldid= when the
// input carries its id (XML exports do); otherwise the page's history
// starting at that revision's time (contribution feeds carry no ids).
func (w *Wiki) RevisionURL(title string, r *model.Revision) string {
	if r == nil {
		return w.PageURL(title)
	}
	if r.ID > 0 {
		return w.wikiURL(title, "oldid="+strconv.FormatInt(r.ID, 10))
	}
	// The history lists revisions older than its offset: one second
	// after this one's time shows it first.
	at := r.Timestamp.UTC().Add(1e9).Format("20060102150405")
	return w.wikiURL(title, "action=history&offset="+at+"&limit=1")
}

// FileURL is the address of an uploaded file's description page
// ("File:Board.png").
func (w *Wiki) FileURL(name string) string {
	if ns, _ := model.SplitNamespace(name); ns != model.NSFile {
		name = "File:" + name
	}
	return w.PageURL(name)
}

func (w *Wiki) wikiURL(title, query string) string {
	base := w.cfg.URL
	if base == "" || title == "" {
		return ""
	}
	t := titleEscape(w.Corpus.NormalizeTitle(title))
	if strings.Contains(base, "$1") {
		u := strings.Replace(base, "$1", t, 1)
		if query != "" {
			sep := "?"
			if strings.Contains(u, "?") {
				sep = "&"
			}
			u += sep + query
		}
		return u
	}
	if !strings.HasSuffix(base, "/") {
		base += "/"
	}
	u := base + "index.php?title=" + t
	if query != "" {
		u += "&" + query
	}
	return u
}

// titleEscape writes a title for a URL as MediaWiki does (wfUrlencode):
// spaces as underscores, and ":/(),!~" readable.
func titleEscape(title string) string {
	s := url.PathEscape(strings.ReplaceAll(title, " ", "_"))
	return strings.NewReplacer("%3A", ":", "%2F", "/", "%28", "(", "%29", ")", "%2C", ",", "%21", "!", "%7E", "~", "&", "%26", "?", "%3F", "+", "%2B", "=", "%3D").Replace(s)
}
