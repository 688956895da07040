# Sourced by the scripts that build in release mode. They build the engine for this machine's vector units (AVX2 and
# FMA, when it has them: Package.swift's FORCELAB_NATIVE) unless the caller sets FORCELAB_NATIVE=0, which builds a
# binary for any x86-64 processor (a cluster whose nodes differ). Every release build in one folder takes the same
# setting, so none rebuilds what another built.
export FORCELAB_NATIVE="${FORCELAB_NATIVE:-1}"
