package main

import (
	"os"

	"github.com/wikirules/wikirules/internal/cli"
)

func main() { os.Exit(cli.Main()) }
