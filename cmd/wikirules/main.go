// Command wikirules compiles wiki rule pages into structured, checked rule
// tables and a static help site. Run "wikirules --help" for the commands.
package main

import (
	"os"

	"github.com/wikirules/wikirules/internal/cli"
)

func main() { os.Exit(cli.Main()) }
