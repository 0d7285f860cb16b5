#compdef toolbox

__toolbox_complete() {
    local -ar non_empty_completions=("${@:#(|:*)}")
    local -ar empty_completions=("${(M)@:#(|:*)}")
    _describe -V '' non_empty_completions -- empty_completions -P $'\'\''
}

__toolbox_custom_complete() {
    local -a completions
    completions=("${(@f)"$("${command_name}" "${@}" "${command_line[@]}")"}")
    if [[ "${#completions[@]}" -gt 1 ]]; then
        __toolbox_complete "${completions[@]:0:-1}"
    fi
}

__toolbox_cursor_index_in_current_word() {
    if [[ -z "${QIPREFIX}${IPREFIX}${PREFIX}" ]]; then
        printf 0
    else
        printf %s "${#${(z)LBUFFER}[-1]}"
    fi
}

_toolbox() {
    emulate -RL zsh -G
    setopt extendedglob nullglob numericglobsort
    unsetopt aliases banghist

    local -xr SAP_SHELL=zsh
    local -x SAP_SHELL_VERSION
    SAP_SHELL_VERSION="$(builtin emulate zsh -c 'printf %s "${ZSH_VERSION}"')"
    local -r SAP_SHELL_VERSION

    local context state state_descr line
    local -A opt_args

    local -r command_name="${words[1]}"
    local -ar command_line=("${words[@]}")
    local -ir current_word_index="$((CURRENT - 1))"

    local -i ret=1
    local -ar arg_specs=(
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
        '(-): :->command'
        '(-)*:: :->arg'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0
    case "${state}" in
    command)
        local -ar subcommands=(
            'plugins:List every plugin, its commands and its configuration keys.'
            'config:Read and change configuration.'
            'cache:Show or clear the response and image cache.'
            'completion:Print a shell completion script.'
            'help:Show subcommand help information.'
        )
        _describe -V subcommand subcommands && ret=0
        ;;
    arg)
        case "${words[1]}" in
        plugins|config|cache|completion|help)
            "_toolbox_${words[1]}" && ret=0
            ;;
        esac
        ;;
    esac

    return "${ret}"
}

_toolbox_plugins() {
    local -i ret=1
    local -ar arg_specs=(
        '--json[Print one JSON document on stdout.]'
        '--no-color[No ANSI colour (also off with NO_COLOR, TERM=dumb, or when piped).]'
        '(--verbose -v)'{--verbose,-v}'[Show each HTTP request on stderr.]'
        '(--quiet -q)'{--quiet,-q}'[No notices on stderr, errors only.]'
        '--offline[Answer from the cache only, expired entries allowed.]'
        '--refresh[Ignore cached entries and store fresh answers.]'
        '--config[Use this configuration file.]:path:_files -g '\''*.yaml *.yml'\'''
        '--plain[One sentence per item, written to read well aloud.]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_toolbox_config() {
    local -i ret=1
    local -ar arg_specs=(
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
        '(-): :->command'
        '(-)*:: :->arg'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0
    case "${state}" in
    command)
        local -ar subcommands=(
            'list:Show every key, its value and where the value came from.'
            'get:Print the value of one key (secrets masked).'
            'set:Set a key in the configuration file.'
            'unset:Remove a key from the configuration file.'
            'path:Print the path of the configuration file.'
            'check:Check every key; name the missing, placeholder or invalid ones and how to fix each.'
            'template:Print a configuration file that documents every key with its default.'
        )
        _describe -V subcommand subcommands && ret=0
        ;;
    arg)
        case "${words[1]}" in
        list|get|set|unset|path|check|template)
            "_toolbox_config_${words[1]}" && ret=0
            ;;
        esac
        ;;
    esac

    return "${ret}"
}

_toolbox_config_list() {
    local -i ret=1
    local -ar arg_specs=(
        '--json[Print one JSON document on stdout.]'
        '--no-color[No ANSI colour (also off with NO_COLOR, TERM=dumb, or when piped).]'
        '(--verbose -v)'{--verbose,-v}'[Show each HTTP request on stderr.]'
        '(--quiet -q)'{--quiet,-q}'[No notices on stderr, errors only.]'
        '--offline[Answer from the cache only, expired entries allowed.]'
        '--refresh[Ignore cached entries and store fresh answers.]'
        '--config[Use this configuration file.]:path:_files -g '\''*.yaml *.yml'\'''
        '--plain[One sentence per item, written to read well aloud.]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_toolbox_config_get() {
    local -i ret=1
    local -ar arg_specs=(
        ':key:{__toolbox_custom_complete ---completion config get -- positional@0 "${current_word_index}" "$(__toolbox_cursor_index_in_current_word)"}'
        '--json[Print one JSON document on stdout.]'
        '--no-color[No ANSI colour (also off with NO_COLOR, TERM=dumb, or when piped).]'
        '(--verbose -v)'{--verbose,-v}'[Show each HTTP request on stderr.]'
        '(--quiet -q)'{--quiet,-q}'[No notices on stderr, errors only.]'
        '--offline[Answer from the cache only, expired entries allowed.]'
        '--refresh[Ignore cached entries and store fresh answers.]'
        '--config[Use this configuration file.]:path:_files -g '\''*.yaml *.yml'\'''
        '--plain[One sentence per item, written to read well aloud.]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_toolbox_config_set() {
    local -i ret=1
    local -ar arg_specs=(
        ':key:{__toolbox_custom_complete ---completion config set -- positional@0 "${current_word_index}" "$(__toolbox_cursor_index_in_current_word)"}'
        ':value:'
        '--json[Print one JSON document on stdout.]'
        '--no-color[No ANSI colour (also off with NO_COLOR, TERM=dumb, or when piped).]'
        '(--verbose -v)'{--verbose,-v}'[Show each HTTP request on stderr.]'
        '(--quiet -q)'{--quiet,-q}'[No notices on stderr, errors only.]'
        '--offline[Answer from the cache only, expired entries allowed.]'
        '--refresh[Ignore cached entries and store fresh answers.]'
        '--config[Use this configuration file.]:path:_files -g '\''*.yaml *.yml'\'''
        '--plain[One sentence per item, written to read well aloud.]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_toolbox_config_unset() {
    local -i ret=1
    local -ar arg_specs=(
        ':key:{__toolbox_custom_complete ---completion config unset -- positional@0 "${current_word_index}" "$(__toolbox_cursor_index_in_current_word)"}'
        '--json[Print one JSON document on stdout.]'
        '--no-color[No ANSI colour (also off with NO_COLOR, TERM=dumb, or when piped).]'
        '(--verbose -v)'{--verbose,-v}'[Show each HTTP request on stderr.]'
        '(--quiet -q)'{--quiet,-q}'[No notices on stderr, errors only.]'
        '--offline[Answer from the cache only, expired entries allowed.]'
        '--refresh[Ignore cached entries and store fresh answers.]'
        '--config[Use this configuration file.]:path:_files -g '\''*.yaml *.yml'\'''
        '--plain[One sentence per item, written to read well aloud.]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_toolbox_config_path() {
    local -i ret=1
    local -ar arg_specs=(
        '--json[Print one JSON document on stdout.]'
        '--no-color[No ANSI colour (also off with NO_COLOR, TERM=dumb, or when piped).]'
        '(--verbose -v)'{--verbose,-v}'[Show each HTTP request on stderr.]'
        '(--quiet -q)'{--quiet,-q}'[No notices on stderr, errors only.]'
        '--offline[Answer from the cache only, expired entries allowed.]'
        '--refresh[Ignore cached entries and store fresh answers.]'
        '--config[Use this configuration file.]:path:_files -g '\''*.yaml *.yml'\'''
        '--plain[One sentence per item, written to read well aloud.]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_toolbox_config_check() {
    local -i ret=1
    local -ar arg_specs=(
        '--json[Print one JSON document on stdout.]'
        '--no-color[No ANSI colour (also off with NO_COLOR, TERM=dumb, or when piped).]'
        '(--verbose -v)'{--verbose,-v}'[Show each HTTP request on stderr.]'
        '(--quiet -q)'{--quiet,-q}'[No notices on stderr, errors only.]'
        '--offline[Answer from the cache only, expired entries allowed.]'
        '--refresh[Ignore cached entries and store fresh answers.]'
        '--config[Use this configuration file.]:path:_files -g '\''*.yaml *.yml'\'''
        '--plain[One sentence per item, written to read well aloud.]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_toolbox_config_template() {
    local -i ret=1
    local -ar arg_specs=(
        '--json[Print one JSON document on stdout.]'
        '--no-color[No ANSI colour (also off with NO_COLOR, TERM=dumb, or when piped).]'
        '(--verbose -v)'{--verbose,-v}'[Show each HTTP request on stderr.]'
        '(--quiet -q)'{--quiet,-q}'[No notices on stderr, errors only.]'
        '--offline[Answer from the cache only, expired entries allowed.]'
        '--refresh[Ignore cached entries and store fresh answers.]'
        '--config[Use this configuration file.]:path:_files -g '\''*.yaml *.yml'\'''
        '--plain[One sentence per item, written to read well aloud.]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_toolbox_cache() {
    local -i ret=1
    local -ar arg_specs=(
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
        '(-): :->command'
        '(-)*:: :->arg'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0
    case "${state}" in
    command)
        local -ar subcommands=(
            'stats:Show how much each plugin has cached.'
            'clear:Delete cached answers and images.'
        )
        _describe -V subcommand subcommands && ret=0
        ;;
    arg)
        case "${words[1]}" in
        stats|clear)
            "_toolbox_cache_${words[1]}" && ret=0
            ;;
        esac
        ;;
    esac

    return "${ret}"
}

_toolbox_cache_stats() {
    local -i ret=1
    local -ar arg_specs=(
        '--json[Print one JSON document on stdout.]'
        '--no-color[No ANSI colour (also off with NO_COLOR, TERM=dumb, or when piped).]'
        '(--verbose -v)'{--verbose,-v}'[Show each HTTP request on stderr.]'
        '(--quiet -q)'{--quiet,-q}'[No notices on stderr, errors only.]'
        '--offline[Answer from the cache only, expired entries allowed.]'
        '--refresh[Ignore cached entries and store fresh answers.]'
        '--config[Use this configuration file.]:path:_files -g '\''*.yaml *.yml'\'''
        '--plain[One sentence per item, written to read well aloud.]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_toolbox_cache_clear() {
    local -i ret=1
    local -ar arg_specs=(
        '--plugin[Only this plugin'\''s cache.]:plugin:{__toolbox_custom_complete ---completion cache clear -- --plugin "${current_word_index}" "$(__toolbox_cursor_index_in_current_word)"}'
        '--json[Print one JSON document on stdout.]'
        '--no-color[No ANSI colour (also off with NO_COLOR, TERM=dumb, or when piped).]'
        '(--verbose -v)'{--verbose,-v}'[Show each HTTP request on stderr.]'
        '(--quiet -q)'{--quiet,-q}'[No notices on stderr, errors only.]'
        '--offline[Answer from the cache only, expired entries allowed.]'
        '--refresh[Ignore cached entries and store fresh answers.]'
        '--config[Use this configuration file.]:path:_files -g '\''*.yaml *.yml'\'''
        '--plain[One sentence per item, written to read well aloud.]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_toolbox_completion() {
    local -i ret=1
    local -ar _shell=('bash' 'zsh' 'fish')
    local -ar arg_specs=(
        ':shell:{__toolbox_complete "${_shell[@]}"}'
        '--json[Print one JSON document on stdout.]'
        '--no-color[No ANSI colour (also off with NO_COLOR, TERM=dumb, or when piped).]'
        '(--verbose -v)'{--verbose,-v}'[Show each HTTP request on stderr.]'
        '(--quiet -q)'{--quiet,-q}'[No notices on stderr, errors only.]'
        '--offline[Answer from the cache only, expired entries allowed.]'
        '--refresh[Ignore cached entries and store fresh answers.]'
        '--config[Use this configuration file.]:path:_files -g '\''*.yaml *.yml'\'''
        '--plain[One sentence per item, written to read well aloud.]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_toolbox_help() {
    local -i ret=1
    local -ar arg_specs=(
        '*:subcommands:'
        '--version[Show the version.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

if [[ "${funcstack[1]}" = _toolbox ]]; then
    _toolbox "${@}"
else
    compdef _toolbox toolbox
fi
