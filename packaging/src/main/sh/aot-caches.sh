#!/usr/bin/env bash
# Makes the start-up AOT caches of the jpackage app-image's two launchers (docs/packaging.md, docs/performance.md):
# lib/app/sigflow-cli.aot by one run of tools/bench/startup/tiny.graph, and lib/app/sigflow-designer.aot by opening
# the designer once on a start page that closes itself (under xvfb-run; without it the designer gets no cache). Each
# training run uses exactly its launcher's runtime, class path and options, read from lib/app/<launcher>.cfg. The
# launchers name these caches with -XX:AOTCache; one that is missing or that the JVM finds unusable is skipped
# silently, so a failed training only costs start-up time.
# Usage: aot-caches.sh APP_IMAGE_DIR TINY_GRAPH
set -euo pipefail
image=$1 graph=$2
app=$image/lib/app
java=$image/lib/runtime/bin/java

# train LAUNCHER CACHE EXTRA_JVM_OPTION [PREFIX...] -- ARGS...: the launcher's java command, with
# -XX:AOTCacheOutput=CACHE and EXTRA_JVM_OPTION, run under PREFIX (e.g. xvfb-run)
train() {
  local launcher=$1 cache=$2 extra=$3; shift 3
  local prefix=()
  while [[ $1 != -- ]]; do prefix+=("$1"); shift; done
  shift
  local cp=() opts=() main=
  while IFS= read -r line; do
    case $line in
      app.classpath=*) cp+=("${line#app.classpath=}") ;;
      app.mainclass=*) main=${line#app.mainclass=} ;;
      java-options=-XX:AOTCache=*|java-options=-Xlog:aot*) ;; # the options that read the cache
      java-options=*) opts+=("${line#java-options=}") ;;
    esac
  done < "$app/$launcher.cfg"
  local class_path
  class_path=$(IFS=:; echo "${cp[*]}")
  class_path=${class_path//\$APPDIR/$app}
  opts=("${opts[@]//\$APPDIR/$app}")
  rm -f "$cache"
  timeout 600 "${prefix[@]}" "$java" "${opts[@]}" -XX:AOTCacheOutput="$cache" $extra -Djava.class.path="$class_path" "$main" "$@" \
    >/dev/null 2>&1 || rm -f "$cache"
  echo "aot cache for $launcher: $( [[ -f $cache ]] && du -h "$cache" | cut -f1 || echo 'not made')"
}

train sigflow "$app/sigflow-cli.aot" "" -- run "$graph"
if command -v xvfb-run >/dev/null; then
  train sigflow-designer "$app/sigflow-designer.aot" -Dsigflow.startupProbe=exit xvfb-run -a --
else
  echo "aot cache for sigflow-designer: not made (no xvfb-run)"
fi
