package render_test

import (
	"os"

	"github.com/wikirules/wikirules/model"
	"github.com/wikirules/wikirules/parser"
	"github.com/wikirules/wikirules/render"
)

// A Renderer writes a parsed page as an HTML fragment. Wiki text is
// untrusted: what the sanitizer let through is escaped again on output.
func ExampleRenderer_Render() {
	doc := parser.Parse("Score '''13''' for the [[Queen of spades|queen]] <script>x</script>", &parser.Options{})
	r := render.New(render.Options{Linker: render.WikiLinker{Base: "/wiki/"}})
	r.Render(os.Stdout, doc)
	// Output:
	// <p>Score <b>13</b> for the <a href="/wiki/Queen_of_spades" title="Queen of spades">queen</a> &lt;script&gt;x&lt;/script&gt;
	// </p>
}

// Each node kind has one render function, held in a table; SetFunc
// replaces one, and Func gives the default so a replacement can wrap it.
func ExampleRenderer_SetFunc() {
	r := render.New(render.Options{})
	bold := r.Func(model.KindBold)
	r.SetFunc(model.KindBold, func(w *render.Writer, n *model.Node, entering bool) bool {
		if entering {
			w.WriteString(`<span class="rule">`)
		}
		more := bold(w, n, entering)
		if !entering {
			w.WriteString("</span>")
		}
		return more
	})
	r.Render(os.Stdout, parser.Parse("A '''pair''' scores 2.", &parser.Options{}))
	// Output:
	// <p>A <span class="rule"><b>pair</b></span> scores 2.
	// </p>
}
