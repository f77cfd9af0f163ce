// Command wikirules compiles wiki rule pages into structured, checked rule
// tables and a static help site. Run "wikirules --help" for the commands.
package main
