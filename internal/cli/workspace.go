package cli

import (
	"github.com/wikirules/wikirules/model"
	"github.com/wikirules/wikirules/parser"
)

// workspace is what most commands need: the loaded corpus and the template
// definitions to parse its pages with.
type workspace struct {
	corpus    *model.Corpus
	templates *parser.WikiTemplates
	siteName  string
}

// workspace loads the inputs and the templates: the --templates directory
// (or the embedded ones), then the Template: pages of the inputs, which
// take precedence.
func (a *app) workspace(inputs []string, tf templateFlags) (*workspace, error) {
	c, err := a.load(inputs, false)
	if err != nil {
		return nil, err
	}
	t, err := tf.load()
	if err != nil {
		return nil, err
	}
	t.AddCorpus(c)
	return &workspace{corpus: c, templates: t}, nil
}

// parse parses a revision of a page.
func (ws *workspace) parse(p *model.Page, r *model.Revision) *model.Document {
	return parser.Parse(r.Text, &parser.Options{Title: p.Title, Time: r.Timestamp, WikiTemplates: ws.templates, SiteName: ws.siteName})
}
