package wiki

import (
	"io"

	"github.com/wikirules/wikirules/corpus"
	"github.com/wikirules/wikirules/model"
)

// WriteFeed writes the corpus as one contribution feed, newest first
// (header "" is corpus.DefaultFeedHeader).
func (w *Wiki) WriteFeed(out io.Writer, header string) error {
	return corpus.WriteFeed(out, w.Corpus, header)
}

// WriteXML writes the corpus as one MediaWiki XML export.
func (w *Wiki) WriteXML(out io.Writer) error {
	return corpus.WriteXML(out, w.Corpus, w.cfg.Name)
}

// WriteWikiDir writes the latest revision of every page as dir/<title>.wiki.
func (w *Wiki) WriteWikiDir(dir string) error {
	return corpus.WriteWikiDir(w.Corpus, dir)
}

// Omitted lists what a format cannot carry of this wiki (a feed has no
// deleted or stub revisions; a .wiki directory has the latest visible
// revisions only), as warnings, so a conversion loses nothing silently.
func (w *Wiki) Omitted(format string) model.MsgList { return corpus.Omitted(w.Corpus, format) }
