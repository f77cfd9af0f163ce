package wiki

import (
	"io"

	"github.com/wikirules/wikirules/corpus"
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
