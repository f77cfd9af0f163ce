package lexers

// GoCoded names the lexers the copied Go files register.
func GoCoded() []string { registry(); return state.goCoded }
