package config_test

import (
	"fmt"

	"github.com/wikirules/wikirules/config"
)

// A Go program builds the site wikirules.yaml describes as the build
// command does: config.Load, wiki.Open(c.Wiki()), w.Suite(c.Suite()),
// site.Build(w, opts from c.Site()).
func ExampleParse() {
	c, err := config.Parse("wikirules.yaml", []byte("title: Our rules\nwiki_url: https://wiki.example.org/wiki/$1\nnames:\n  sushigo: Sushi Go!\n"))
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(c.Title, c.Wiki().Names["sushigo"], c.Flags()["wiki-url"])
	// Output: Our rules Sushi Go! [https://wiki.example.org/wiki/$1]
}
