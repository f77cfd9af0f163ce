package pull_test

const helperEnv = "WIKIRULES_PULL_HELPER"

func helperMain() {}
